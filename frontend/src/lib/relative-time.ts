const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Minutes under an hour, then hours under a day, then days ("5m ago"; docs/product.md, Screens). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < hour) return `${Math.floor(elapsed / minute)}m ago`;
  if (elapsed < day) return `${Math.floor(elapsed / hour)}h ago`;
  return `${Math.floor(elapsed / day)}d ago`;
}
