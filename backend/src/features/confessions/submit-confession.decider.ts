import {
  type Category,
  type ConfessionQuotaUsed,
  type ConfessionSubmitted,
  messages,
  type NetworkQuotaUsed,
  streams,
} from '@secretchatbox/contracts';
import { conflict, dailyLimitReached } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { type ConfessionState, evolveConfession, noConfession } from '../../common/domain/confession.state.js';

export type QuotaLimits = Readonly<{ perSession: number; perNetwork: number; retryAfterSeconds: number }>;

export type SubmitConfession = Readonly<{
  confessionId: string;
  sessionId: string;
  networkKey: string;
  quotaDay: string;
  collegeCode: string;
  category: Category;
  content: string;
  nickname: string | null;
  limits: QuotaLimits;
}>;

/** Confessions used today, by the visitor and by the network. */
export type SubmissionState = Readonly<{ confession: ConfessionState; sessionUsed: number; networkUsed: number }>;

/** Counts the uses in one quota stream, the visitor's or the network's. */
const countUses = (kind: 'sessionQuota' | 'networkQuota') =>
  evolverOf([kind], (used: number, event) => {
    const { type } = event;
    switch (type) {
      case 'ConfessionQuotaUsed':
      case 'NetworkQuotaUsed':
        return used + 1;
      default:
        return unhandled(type);
    }
  });

/**
 * A submission counts against the visitor's and the network's quota of the day in the same
 * atomic append that records it, so no race can accept more than the quota.
 */
export const submitConfession: Decider<
  SubmitConfession,
  SubmissionState,
  ConfessionSubmitted | ConfessionQuotaUsed | NetworkQuotaUsed
> = {
  streams: ({ confessionId, sessionId, networkKey, quotaDay }) => [
    appendsTo(streams.confession(confessionId)),
    appendsTo(streams.sessionQuota(sessionId, quotaDay)),
    appendsTo(streams.networkQuota(networkKey, quotaDay)),
  ],
  initialState: () => ({ confession: noConfession, sessionUsed: 0, networkUsed: 0 }),
  evolve: evolveParts<SubmissionState>({
    confession: evolveConfession,
    sessionUsed: countUses('sessionQuota'),
    networkUsed: countUses('networkQuota'),
  }),
  decide(command, state) {
    const { confessionId, sessionId, networkKey, quotaDay, collegeCode, category, content, nickname, limits } = command;
    if (state.confession.status !== null) throw conflict(messages.alreadyCreated('confession'));
    if (state.sessionUsed >= limits.perSession)
      throw dailyLimitReached(messages.dailyLimitReached, limits.retryAfterSeconds);
    if (state.networkUsed >= limits.perNetwork)
      throw dailyLimitReached(messages.networkLimitReached, limits.retryAfterSeconds);
    return [
      { type: 'ConfessionSubmitted', data: { confessionId, collegeCode, category, content, nickname } },
      { type: 'ConfessionQuotaUsed', data: { sessionId, quotaDay, confessionId } },
      { type: 'NetworkQuotaUsed', data: { networkKey, quotaDay, confessionId } },
    ];
  },
};
