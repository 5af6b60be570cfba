import { useStats } from './api';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** "12.4K+" for a large figure, but a small one as it is: a new install reads "0", not "0+". */
const figure = (count: number) => (count >= 100 ? `${compact.format(count)}+` : String(count));

export function StatsStrip() {
  const stats = useStats();
  const items = [
    { value: figure(stats.totalConfessions), label: 'Confessions shared' },
    { value: figure(stats.activeStudents), label: 'Active students' },
    { value: `${stats.safetyRating}%`, label: 'Safety rating' },
    { value: stats.uptime, label: 'Uptime' },
  ];
  return (
    <section aria-label="Platform figures" className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl bg-white/70 p-5 text-center shadow-sm dark:bg-gray-800/70">
          <p className="text-gradient text-3xl font-extrabold">{item.value}</p>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{item.label}</p>
        </div>
      ))}
    </section>
  );
}
