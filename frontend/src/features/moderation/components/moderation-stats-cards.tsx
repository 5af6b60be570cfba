import type { ModerationStats } from '@secretchatbox/contracts';
import { StatCard } from '../../../components/ui/stat-card';
import { type CollegeScope, queuePolling } from '../api/queues';
import { useGetModerationStatsQuery } from '../api/stats';

type Figure = Exclude<keyof ModerationStats, 'collegeCode'>;

const labels: Record<Figure, string> = {
  pendingConfessions: 'Pending confessions',
  pendingDirectMessages: 'Pending direct messages',
  pendingComments: 'Pending comments',
  reportedConfessions: 'Reported confessions',
  approvedConfessions: 'Approved confessions',
  rejectedConfessions: 'Rejected confessions',
};

/** The Admin Panel's figures (docs/product.md, Screens). */
export const queueFigures: readonly Figure[] = ['pendingConfessions', 'pendingDirectMessages', 'pendingComments'];
/** A college admin's figures (docs/product.md, Roles). */
export const collegeFigures = Object.keys(labels) as Figure[];

/** Dashboard figures, polled with the queues so they agree with the lists. */
export function ModerationStatsCards({
  collegeCode,
  figures,
}: {
  collegeCode: CollegeScope;
  figures: readonly Figure[];
}) {
  const { data, isError } = useGetModerationStatsQuery(collegeCode, queuePolling);
  return (
    <section aria-label="Moderation figures" className="space-y-2">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {figures.map((figure) => (
          <StatCard key={figure} label={labels[figure]} value={data?.[figure]} />
        ))}
      </div>
      {isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to fetch moderation figures
        </p>
      )}
    </section>
  );
}
