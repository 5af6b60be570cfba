import type { AuditMetrics, ModerationAction } from '@secretchatbox/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** The chart's families of actions, so that a day's bar reads at a glance. */
const families: Record<ModerationAction, string> = {
  ConfessionApproved: 'Approvals',
  CommentApproved: 'Approvals',
  ConfessionRejected: 'Rejections and removals',
  ConfessionDeleted: 'Rejections and removals',
  CommentRejected: 'Rejections and removals',
  ChatMessageRemoved: 'Rejections and removals',
  DirectMessageSent: 'Direct messages',
  DirectMessageModerated: 'Direct messages',
  PairingReportFiled: 'Reports',
  PairingReportResolved: 'Reports',
  ConfessionHidden: 'Reports',
  ConfessionReportsReviewed: 'Reports',
  ConfessionReportsDismissed: 'Reports',
  ChatRoomOpened: 'Accounts, rooms and exports',
  ChatRoomRenamed: 'Accounts, rooms and exports',
  ChatRoomArchived: 'Accounts, rooms and exports',
  AdminAccountCreated: 'Accounts, rooms and exports',
  AdminCollegeChanged: 'Accounts, rooms and exports',
  AdminStatusChanged: 'Accounts, rooms and exports',
  AdminAccountDeleted: 'Accounts, rooms and exports',
  AdminSignedIn: 'Accounts, rooms and exports',
  AdminSignedOut: 'Accounts, rooms and exports',
  AuditLogExported: 'Accounts, rooms and exports',
};

// Mid-tone colours that keep 3:1 against both the light and the dark card.
const familyColours: Record<string, string> = {
  Approvals: '#059669',
  'Rejections and removals': '#d97706',
  'Direct messages': '#0284c7',
  Reports: '#c026d3',
  'Accounts, rooms and exports': '#64748b',
};

const lines = [
  ['Median (p50)', '#9333ea'],
  ['Slowest tenth (p90)', '#db2777'],
] as const;

/** Legend labels in the text colour of the theme: a series' own colour is too faint on the dark card. */
const legendText = (value: string) => <span className="text-gray-800 dark:text-gray-200">{value}</span>;

const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 } };
const tooltipStyle = { contentStyle: { borderRadius: 12, color: '#111827' } };

/** Minutes to one decimal: a busy team decides in seconds. */
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** Every day of the range, so that a quiet day shows as zero instead of vanishing. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(from.slice(0, 10)); day.toISOString() < to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** Moderation volume per day by family of action, and decision times (p50, p90, in minutes). */
export default function AuditCharts({ metrics }: { metrics: AuditMetrics }) {
  const days = daysOf(metrics.from, metrics.to);
  const volume = days.map((day) => {
    const row: Record<string, string | number> = { day: day.slice(5) };
    for (const family of Object.keys(familyColours)) row[family] = 0;
    for (const entry of metrics.volume.filter((item) => item.day === day)) {
      const family = families[entry.action as ModerationAction] ?? 'Accounts, rooms and exports';
      row[family] = (row[family] as number) + entry.count;
    }
    return row;
  });
  const times = days.map((day) => {
    const entry = metrics.decisionTimes.find((item) => item.day === day);
    return {
      day: day.slice(5),
      'Median (p50)': entry ? minutes(entry.p50Seconds) : null,
      'Slowest tenth (p90)': entry ? minutes(entry.p90Seconds) : null,
    };
  });
  const decisions = metrics.decisionTimes.reduce((sum, item) => sum + item.decisions, 0);
  const total = metrics.volume.reduce((sum, item) => sum + item.count, 0);
  return (
    <div className="grid gap-6 text-gray-700 lg:grid-cols-2 dark:text-gray-300">
      <figure className="min-w-0 space-y-2">
        <figcaption className="font-semibold text-gray-900 dark:text-gray-100">
          Moderation volume per day ({total} events)
        </figcaption>
        <div role="img" aria-label={`Moderation events per day, ${total} in all, by kind of action`}>
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={volume} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
              <XAxis dataKey="day" {...axis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
              {Object.entries(familyColours).map(([family, colour]) => (
                <Bar key={family} dataKey={family} stackId="volume" fill={colour} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="min-w-0 space-y-2">
        <figcaption className="font-semibold text-gray-900 dark:text-gray-100">
          Time to first decision, minutes ({decisions} items)
        </figcaption>
        <div
          role="img"
          aria-label={`Minutes from submission to first decision per day, median and 90th percentile, over ${decisions} items`}
        >
          <ResponsiveContainer width="100%" height={260}>
            <LineChart data={times} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
              <XAxis dataKey="day" {...axis} />
              <YAxis {...axis} />
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
              {lines.map(([name, colour]) => (
                <Line
                  key={name}
                  type="monotone"
                  dataKey={name}
                  stroke={colour}
                  strokeWidth={2}
                  connectNulls
                  dot={{ r: 3, fill: colour }}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
