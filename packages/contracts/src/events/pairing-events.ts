import type { PairEndReason, PairingReportAction, ReasonCode } from '../rules/limits.js';
import type { Event } from './event.js';

/**
 * Two visitors of one college paired at random (docs/product.md, Chat). The pair is a stream of its own:
 * its messages and its end go there. Session ids are the public ones chat shows.
 */
export type PairMatched = Event<
  'PairMatched',
  { pairId: string; collegeCode: string; sessionIds: readonly [string, string]; quotaDay: string }
>;

/** A message inside a pair; it uses one of the sender's chat allowance, in the same append. */
export type PairMessageSent = Event<
  'PairMessageSent',
  { pairId: string; messageId: string; fromSessionId: string; content: string; sentAt: string }
>;

/**
 * The pair ended: skipped, blocked or reported by `endedBy`, left, or one side disconnected. A skip
 * keeps the two apart for the rest of `quotaDay`, a block for good.
 */
export type PairEnded = Event<
  'PairEnded',
  { pairId: string; reason: PairEndReason; endedBy: string | null; quotaDay: string }
>;

/** One message of a reported pair, as the report carries it to the moderators. */
export type PairTranscriptLine = Readonly<{
  messageId: string;
  fromSessionId: string;
  content: string;
  sentAt: string;
}>;

/** A visitor reported the partner: the pair's last messages go to the moderators of its college. */
export type PairingReportFiled = Event<
  'PairingReportFiled',
  {
    reportId: string;
    pairId: string;
    collegeCode: string;
    reporterSessionId: string;
    reportedSessionId: string;
    reason: ReasonCode;
    note: string | null;
    transcript: readonly PairTranscriptLine[];
  }
>;

/** A moderator's decision on a pairing report: dismissed, or the reported visitor warned. */
export type PairingReportResolved = Event<
  'PairingReportResolved',
  { reportId: string; action: PairingReportAction; note: string | null }
>;
