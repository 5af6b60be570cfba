import type { AuditTargetType, EventOfType, JournaledType } from '@secretchatbox/contracts';
import type { ModerationPseudonymOf } from '@secretchatbox/projections';
import { isAdminChatId } from '../../identity/chat-identity.js';
import type { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';

/**
 * Where a value of event data holds visitors' session ids: the value itself (`true`), or some of
 * its fields; for a list, in each of its elements.
 */
type SessionIdsIn<Value> = [NonNullable<Value>] extends [string]
  ? true
  : NonNullable<Value> extends readonly (infer Element)[]
    ? SessionIdsIn<Element>
    : NonNullable<Value> extends object
      ? { readonly [Key in keyof NonNullable<Value>]?: SessionIdsIn<NonNullable<Value>[Key]> }
      : never;

type SessionIds = true | { readonly [key: string]: SessionIds | undefined };

/**
 * Every field of every journaled event that holds a visitor's session id. Keyed by the event union,
 * so an event type without a declaration does not compile; auditors read event data only through
 * `pseudonymizedData`, which shows each one named here by pseudonym.
 */
const sessionIdsOf: { readonly [Type in JournaledType]: SessionIdsIn<EventOfType<Type>['data']> } = {
  ConfessionSubmitted: {},
  ConfessionApproved: {},
  ConfessionRejected: {},
  ConfessionDeleted: {},
  ConfessionLiked: { sessionId: true },
  ConfessionUnliked: { sessionId: true },
  ConfessionReported: { sessionId: true },
  ConfessionHidden: {},
  ConfessionReportsReviewed: {},
  ConfessionReportsDismissed: {},
  CommentSubmitted: {},
  CommentApproved: {},
  CommentRejected: {},
  DirectMessageSent: { fromSessionId: true, toSessionId: true },
  DirectMessageModerated: {},
  ChatMessagePosted: { sessionId: true },
  ChatMessageRemoved: {},
  PairMatched: { sessionIds: true },
  PairMessageSent: { fromSessionId: true },
  PairEnded: { endedBy: true },
  PairingReportFiled: { reporterSessionId: true, reportedSessionId: true, transcript: { fromSessionId: true } },
  PairingReportResolved: {},
  ChatRoomOpened: {},
  ChatRoomRenamed: {},
  ChatRoomArchived: {},
  AdminAccountCreated: {},
  AdminCollegeChanged: {},
  AdminStatusChanged: {},
  AdminAccountDeleted: {},
  AdminSignedIn: {},
  AdminSignedOut: {},
  AuditLogExported: {},
};

/**
 * Which of a visitor's pseudonyms shows the visitors of each kind of item (docs/api.md, "Admin roles"):
 * room and pair messages carry the chat pseudonym, so none ever sits beside the pseudonym that
 * names its sender as the author of confessions, comments and direct messages.
 */
const chatItems: Readonly<Record<AuditTargetType, boolean>> = {
  confession: false,
  comment: false,
  'direct-message': false,
  'chat-message': true,
  room: true,
  admin: false,
  pair: true,
  'pairing-report': true,
};

export type VisitorPseudonyms = Pick<ModerationPseudonyms, 'of' | 'ofChat'>;

/** The pseudonym that shows the visitors of an item of `type`. */
export function pseudonymOfItem(type: AuditTargetType, pseudonyms: VisitorPseudonyms): ModerationPseudonymOf {
  return chatItems[type] ? pseudonyms.ofChat : pseudonyms.of;
}

function pseudonymized(
  value: unknown,
  sessionIds: SessionIds | undefined,
  pseudonymOf: ModerationPseudonymOf,
): unknown {
  if (sessionIds === undefined || value === null || typeof value !== 'object') {
    // A moderator's chat id names an admin, whom auditors see by id anyway.
    return sessionIds === true && typeof value === 'string' && !isAdminChatId(value) ? pseudonymOf(value) : value;
  }
  if (Array.isArray(value)) return value.map((element) => pseudonymized(element, sessionIds, pseudonymOf));
  if (sessionIds === true) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, pseudonymized(field, sessionIds[key], pseudonymOf)]),
  );
}

/** An event's data as auditors see it: every session id it holds, however deep, by pseudonym. */
export function pseudonymizedData(
  type: string,
  data: Record<string, unknown>,
  pseudonymOf: ModerationPseudonymOf,
): Record<string, unknown> {
  // An event type this instance does not know yet shows none of its data rather than risk a session id.
  const sessionIds = (sessionIdsOf as Record<string, SessionIds | undefined>)[type];
  return sessionIds ? (pseudonymized(data, sessionIds, pseudonymOf) as Record<string, unknown>) : {};
}
