import type {
  AuditDecision,
  AuditHistoryEntry,
  AuditItemState,
  AuditTarget,
  JournaledType,
} from '@secretchatbox/contracts';

type Fold = Pick<AuditItemState, 'status' | 'collegeCode' | 'createdAt' | 'counts' | 'details' | 'decision'>;

const decisionOf = (entry: AuditHistoryEntry): AuditDecision => ({
  action: entry.action,
  by: entry.actor,
  at: entry.at,
  reasonCode: entry.reasonCode,
  note: entry.note,
});

const created = (state: Fold, entry: AuditHistoryEntry, status: string, details: Fold['details'] = {}): Fold => ({
  ...state,
  status,
  collegeCode: entry.collegeCode,
  createdAt: entry.at,
  details: { ...state.details, ...details },
});

const count = (state: Fold, name: string, by: number): Fold => ({
  ...state,
  counts: { ...state.counts, [name]: Math.max(0, (state.counts[name] ?? 0) + by) },
});

/**
 * One event's change to an item as auditors see it. Pure; exhaustive over the journaled event
 * types, so a new one must say what it changes.
 */
export function evolveAuditState(state: Fold, entry: AuditHistoryEntry): Fold {
  const type = entry.action as JournaledType;
  const data = entry.data;
  const decided = (status: string): Fold => ({ ...state, status, decision: decisionOf(entry) });
  switch (type) {
    case 'ConfessionSubmitted':
      return created(state, entry, 'pending', {
        category: data.category as string,
        nickname: data.nickname as string | null,
        hidden: false,
      });
    case 'ConfessionApproved':
      return decided('approved');
    case 'ConfessionRejected':
      return decided('rejected');
    case 'ConfessionDeleted':
      return decided('deleted');
    case 'ConfessionLiked':
      return count(state, 'likes', 1);
    case 'ConfessionUnliked':
      return count(state, 'likes', -1);
    case 'ConfessionReported':
      return { ...count(state, 'reports', 1), details: { ...state.details, reportsReviewed: false } };
    case 'ConfessionHidden':
      return { ...state, details: { ...state.details, hidden: true }, decision: decisionOf(entry) };
    case 'ConfessionReportsReviewed':
      return { ...state, details: { ...state.details, reportsReviewed: true }, decision: decisionOf(entry) };
    case 'ConfessionReportsDismissed':
      return {
        ...state,
        counts: { ...state.counts, reports: 0 },
        details: { ...state.details, hidden: false, reportsReviewed: false },
        decision: decisionOf(entry),
      };
    case 'CommentSubmitted':
      return created(state, entry, 'pending', { confessionId: data.confessionId as string });
    case 'CommentApproved':
      return decided('approved');
    case 'CommentRejected':
      return decided('rejected');
    case 'DirectMessageSent':
      return created(state, entry, 'pending');
    case 'DirectMessageModerated':
      return decided(data.status as string);
    case 'ChatMessagePosted':
      return created(state, entry, 'posted', { roomId: data.roomId as string, isAdmin: data.isAdmin as boolean });
    case 'ChatMessageRemoved':
      return decided('removed');
    case 'ChatRoomOpened':
      return { ...created(state, entry, 'open', { name: data.name as string }), decision: decisionOf(entry) };
    case 'ChatRoomRenamed':
      return { ...state, details: { ...state.details, name: data.name as string }, decision: decisionOf(entry) };
    case 'ChatRoomArchived':
      return decided('archived');
    case 'AdminAccountCreated':
      return {
        ...created(state, entry, 'active', { username: data.username as string, role: data.role as string }),
        collegeCode: data.collegeCode as string | null,
        decision: decisionOf(entry),
      };
    case 'AdminCollegeChanged':
      return { ...state, collegeCode: data.collegeCode as string | null, decision: decisionOf(entry) };
    case 'AdminStatusChanged':
      return decided(data.status as string);
    case 'AdminAccountDeleted':
      return decided('deleted');
    case 'AdminSignedIn':
      return count(state, 'signIns', 1);
    case 'PairMatched':
      return created(state, entry, 'open');
    case 'PairMessageSent':
      return count(state, 'messages', 1);
    case 'PairEnded':
      return { ...state, status: data.reason as string };
    case 'PairingReportFiled':
      return created(state, entry, 'open', { pairId: data.pairId as string, reason: data.reason as string });
    case 'PairingReportResolved':
      return decided(data.action === 'warn' ? 'warned' : 'dismissed');
    case 'AdminSignedOut':
    case 'AuditLogExported':
      return state;
  }
}

const initialCounts: Record<AuditTarget['type'], Record<string, number>> = {
  confession: { likes: 0, reports: 0, comments: 0 },
  comment: {},
  'direct-message': {},
  'chat-message': {},
  room: {},
  admin: { signIns: 0 },
  pair: { messages: 0 },
  'pairing-report': {},
};

/**
 * An item as it stood at `at`, folded from its events up to then (oldest first). A confession's
 * approved comments are events of the comments, counted by the caller (`approvedComments`).
 */
export function auditItemState(
  target: AuditTarget,
  at: string,
  history: readonly AuditHistoryEntry[],
  approvedComments = 0,
): AuditItemState {
  const initial: Fold = {
    status: null,
    collegeCode: null,
    createdAt: null,
    counts: { ...initialCounts[target.type] },
    details: {},
    decision: null,
  };
  const folded = history.reduce(evolveAuditState, initial);
  const counts = target.type === 'confession' ? { ...folded.counts, comments: approvedComments } : folded.counts;
  return { target, at, ...folded, counts, events: history.length };
}
