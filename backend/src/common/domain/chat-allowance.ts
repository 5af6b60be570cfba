import { limits, messages } from '@secretchatbox/contracts';
import { dailyLimitReached, rateLimited } from '../errors.js';
import { evolverOf, unhandled } from '../event-sourcing/decider.js';

/**
 * A chat sender's allowance of the quota day, one stream per sender and day: room messages and a
 * pair's messages both use it, so the day's limit counts them together.
 */
export type AllowanceLimits = Readonly<{
  daily: number;
  /** Seconds until the quota day ends: when a used-up daily allowance is back. */
  dayEndsInSeconds: number;
}>;

type Burst = Readonly<{ limit: number; windowMs: number }>;
const burstOf = ({ limit, windowSeconds }: { limit: number; windowSeconds: number }): Burst => ({
  limit,
  windowMs: windowSeconds * 1000,
});

/**
 * The burst limits come from the contracts here, not with the command: the state keeps as many
 * send times as the larger one counts, so its evolution and the decision must read the same figures.
 */
export const bursts = { visitor: burstOf(limits.chatBurst), admin: burstOf(limits.moderatorChatBurst) } as const;
const sendsKept = Math.max(bursts.visitor.limit, bursts.admin.limit);

export type AllowanceState = Readonly<{ used: number; recentSends: readonly number[] }>;

export const noAllowanceUsed: AllowanceState = { used: 0, recentSends: [] };

/** Keeps as many send times as a burst limit can count: older ones cannot matter. */
export const evolveAllowance = evolverOf(['chatAllowance'], (state: AllowanceState, event): AllowanceState => {
  const { type } = event;
  switch (type) {
    case 'ChatAllowanceUsed': {
      const recentSends = [...state.recentSends, Date.parse(event.data.sentAt)].slice(-sendsKept);
      return { used: state.used + 1, recentSends };
    }
    default:
      return unhandled(type);
  }
});

/** Refuses a send past the day's allowance or the burst limit (a visitor's unless told), saying when to try again. */
export function assertAllowed(
  { used, recentSends }: AllowanceState,
  now: number,
  { daily, dayEndsInSeconds }: AllowanceLimits,
  burst: Burst = bursts.visitor,
) {
  if (used >= daily) throw dailyLimitReached(messages.dailyLimitReached, dayEndsInSeconds);
  const inWindow = recentSends.filter((sent) => sent > now - burst.windowMs);
  if (inWindow.length >= burst.limit) {
    const oldest = inWindow[inWindow.length - burst.limit]!;
    throw rateLimited(messages.chatTooFast, Math.max(1, Math.ceil((oldest + burst.windowMs - now) / 1000)));
  }
}
