import { Card } from './card';

/** One figure of a dashboard; a dash while it is unknown. */
export function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm text-gray-700 dark:text-gray-300">{label}</p>
      <p className="text-gradient text-3xl font-extrabold">{value ?? '–'}</p>
    </Card>
  );
}
