import { Card } from '../../components/ui/card';
import { useSidebarStats } from './api';

/**
 * The sidebar's Platform Stats of the board's college: the server's figures, the fixed fallbacks when it cannot
 * answer (docs/product.md, Screens).
 */
export function PlatformStatsCard({ collegeCode }: { collegeCode: string }) {
  const stats = useSidebarStats(collegeCode);
  const rows = [
    { label: 'Total Confessions', value: stats.totalConfessions, tone: 'text-purple-700 dark:text-purple-300' },
    { label: 'Likes Today', value: stats.likesToday, tone: 'text-pink-700 dark:text-pink-300' },
    { label: 'Comments Today', value: stats.commentsToday, tone: 'text-orange-700 dark:text-orange-300' },
  ];
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden>📊</span> Platform Stats
      </h2>
      <dl className="mt-4 space-y-3">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between">
            <dt className="text-gray-700 dark:text-gray-300">{row.label}</dt>
            <dd className={`font-bold ${row.tone}`}>{row.value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
