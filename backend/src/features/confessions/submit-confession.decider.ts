import {
  type Category,
  type ConfessionQuotaUsed,
  type ConfessionSubmitted,
  messages,
  type NetworkQuotaUsed,
  streams,
  type NewEvent,
} from '@secretchatbox/contracts';
import { conflict, limitReached } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts } from '../../common/event-sourcing/decider.js';
import { type ConfessionState, evolveConfession, noConfession } from './confession.state.js';

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

const countOf = (type: NewEvent['type']) => (used: number, event: NewEvent) => (event.type === type ? used + 1 : used);

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
    sessionUsed: countOf('ConfessionQuotaUsed'),
    networkUsed: countOf('NetworkQuotaUsed'),
  }),
  decide(command, state) {
    const { confessionId, sessionId, networkKey, quotaDay, collegeCode, category, content, nickname, limits } = command;
    if (state.confession.status !== null) throw conflict(messages.alreadyCreated('confession'));
    if (state.sessionUsed >= limits.perSession)
      throw limitReached(messages.dailyLimitReached, limits.retryAfterSeconds);
    if (state.networkUsed >= limits.perNetwork)
      throw limitReached(messages.networkLimitReached, limits.retryAfterSeconds);
    return [
      { type: 'ConfessionSubmitted', data: { confessionId, collegeCode, category, content, nickname } },
      { type: 'ConfessionQuotaUsed', data: { sessionId, quotaDay, confessionId } },
      { type: 'NetworkQuotaUsed', data: { networkKey, quotaDay, confessionId } },
    ];
  },
};
