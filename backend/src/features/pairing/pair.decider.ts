import {
  type ChatAllowanceUsed,
  limits,
  messages,
  type NewEvent,
  type PairEnded,
  type PairEndReason,
  type PairingReportFiled,
  type PairMatched,
  type PairMessageSent,
  type PairTranscriptLine,
  type ReasonCode,
  streams,
} from '@secretchatbox/contracts';
import {
  type AllowanceLimits,
  type AllowanceState,
  assertAllowed,
  evolveAllowance,
  noAllowanceUsed,
} from '../../common/domain/chat-allowance.js';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';

/** A pair as its stream tells it: its college and two visitors, its last messages, and whether it ended. */
export type PairState = Readonly<{
  collegeCode: string | null;
  sessionIds: readonly string[];
  transcript: readonly PairTranscriptLine[];
  ended: PairEndReason | null;
}>;

const noPair: PairState = { collegeCode: null, sessionIds: [], transcript: [], ended: null };

export const evolvePair = evolverOf(['pair'], (state: PairState, event): PairState => {
  const { type } = event;
  switch (type) {
    case 'PairMatched':
      return { ...state, collegeCode: event.data.collegeCode, sessionIds: event.data.sessionIds };
    case 'PairMessageSent': {
      const { messageId, fromSessionId, content, sentAt } = event.data;
      const line = { messageId, fromSessionId, content, sentAt };
      return { ...state, transcript: [...state.transcript, line].slice(-limits.pairTranscript) };
    }
    case 'PairEnded':
      return { ...state, ended: event.data.reason };
    default:
      return unhandled(type);
  }
});

/** Refuses a visitor who is not (or no longer) in the pair: the pair ended, or was never theirs. */
function assertInPair(state: PairState, sessionId: string): void {
  if (state.ended || !state.sessionIds.includes(sessionId)) throw conflict(messages.notPaired);
}

export type MatchPair = Readonly<{
  pairId: string;
  collegeCode: string;
  sessionIds: readonly [string, string];
  quotaDay: string;
}>;

/** The match the pairing queue made, recorded once. */
export const matchPair: Decider<MatchPair, PairState, PairMatched> = {
  streams: ({ pairId }) => [appendsTo(streams.pair(pairId))],
  initialState: () => noPair,
  evolve: evolvePair,
  decide({ pairId, collegeCode, sessionIds, quotaDay }, state) {
    if (state.collegeCode) throw conflict(messages.alreadyCreated('pair'));
    return [{ type: 'PairMatched', data: { pairId, collegeCode, sessionIds, quotaDay } }];
  },
};

export type SendPairMessage = Readonly<{
  pairId: string;
  messageId: string;
  sessionId: string;
  quotaDay: string;
  content: string;
  sentAt: Date;
  limits: AllowanceLimits;
}>;
export type PairMessageState = Readonly<{ pair: PairState; allowance: AllowanceState }>;

/** A message inside the pair, and one use of the sender's chat allowance, in one atomic append. */
export const sendPairMessage: Decider<SendPairMessage, PairMessageState, PairMessageSent | ChatAllowanceUsed> = {
  streams: ({ pairId, sessionId, quotaDay }) => [
    appendsTo(streams.pair(pairId)),
    appendsTo(streams.chatAllowance(sessionId, quotaDay)),
  ],
  initialState: () => ({ pair: noPair, allowance: noAllowanceUsed }),
  evolve: evolveParts<PairMessageState>({ pair: evolvePair, allowance: evolveAllowance }),
  decide({ pairId, messageId, sessionId, quotaDay, content, sentAt, limits: allowed }, state) {
    assertInPair(state.pair, sessionId);
    assertAllowed(state.allowance, sentAt.getTime(), allowed);
    const at = sentAt.toISOString();
    return [
      { type: 'PairMessageSent', data: { pairId, messageId, fromSessionId: sessionId, content, sentAt: at } },
      { type: 'ChatAllowanceUsed', data: { sessionId, quotaDay, messageId, sentAt: at } },
    ];
  },
};

export type PairReport = Readonly<{ reportId: string; reason: ReasonCode; note: string | null }>;

export type EndPair = Readonly<{
  pairId: string;
  reason: PairEndReason;
  /** Who ended it; for `disconnected`, the visitor whose connection went. */
  sessionId: string;
  quotaDay: string;
  report?: PairReport;
}>;

/**
 * Ends the pair once. A report ends it and files the report, with the pair's last messages, in the
 * same atomic append: a reported pair cannot go on, and a report never lacks its transcript.
 */
export const endPair: Decider<EndPair, PairState, PairEnded | PairingReportFiled> = {
  streams: ({ pairId, report }) => [
    appendsTo(streams.pair(pairId)),
    ...(report ? [appendsTo(streams.pairingReport(report.reportId))] : []),
  ],
  initialState: () => noPair,
  evolve: evolvePair,
  decide({ pairId, reason, sessionId, quotaDay, report }, state) {
    assertInPair(state, sessionId);
    const ended: NewEvent<PairEnded> = { type: 'PairEnded', data: { pairId, reason, endedBy: sessionId, quotaDay } };
    if (!report) return [ended];
    const reportedSessionId = state.sessionIds.find((member) => member !== sessionId)!;
    const filed: NewEvent<PairingReportFiled> = {
      type: 'PairingReportFiled',
      data: {
        reportId: report.reportId,
        pairId,
        collegeCode: state.collegeCode!,
        reporterSessionId: sessionId,
        reportedSessionId,
        reason: report.reason,
        note: report.note,
        transcript: state.transcript,
      },
    };
    return [ended, filed];
  },
};
