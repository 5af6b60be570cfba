/** Quota days run from 00:00 to 00:00 in a configured time zone (QUOTA_TIMEZONE). */

// Building a formatter loads the zone's data and costs far more than formatting: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wallClockAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A quota day: its date (`YYYY-MM-DD`) and the instants, in ms, of its start and of the next day's. */
export type QuotaDaySpan = Readonly<{ day: string; start: number; end: number }>;

// Every request asks for today's quota day; working it out costs several formatToParts calls, so the
// day last worked out is kept per zone and reused while the clock stays within it.
const lastSpans = new Map<string, QuotaDaySpan>();

/** The quota day containing `instant`. */
export function quotaDaySpan(instant: Date, timeZone: string): QuotaDaySpan {
  const time = instant.getTime();
  const last = lastSpans.get(timeZone);
  if (last && time >= last.start && time < last.end) return last;
  const { year, month, day } = localParts(instant, timeZone);
  const span = {
    day: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    start: wallClockMidnight(Date.UTC(year, month - 1, day), instant, timeZone).getTime(),
    end: wallClockMidnight(Date.UTC(year, month - 1, day + 1), instant, timeZone).getTime(),
  };
  lastSpans.set(timeZone, span);
  return span;
}

/** The quota day containing `instant`, as `YYYY-MM-DD`. */
export function quotaDay(instant: Date, timeZone: string): string {
  return quotaDaySpan(instant, timeZone).day;
}

/** The instant the next quota day starts: the coming 00:00 on the zone's wall clock. */
export function nextQuotaDayStart(instant: Date, timeZone: string): Date {
  return new Date(quotaDaySpan(instant, timeZone).end);
}

/** The instant the current quota day started: the last 00:00 on the zone's wall clock. */
export function quotaDayStart(instant: Date, timeZone: string): Date {
  return new Date(quotaDaySpan(instant, timeZone).start);
}

function wallClockMidnight(midnightAsUtc: number, near: Date, timeZone: string): Date {
  // Two passes settle the offset when a daylight-saving change falls between `near` and midnight.
  let guess = midnightAsUtc - offsetAt(near, timeZone);
  guess = midnightAsUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** 24 hours before `instant`: the rolling day of "active students" and Daily Featured, unlike the quota day. */
export const dayBefore = (instant: Date): Date => new Date(instant.getTime() - 24 * 3600 * 1000);
