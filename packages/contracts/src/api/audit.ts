import type { AuditTarget, AuditTargetType } from '../events/audit-targets.js';
import type { AdminRole } from '../events/event.js';

/** Who did it: an admin by id and username; a visitor by moderation pseudonym; or the system. */
export type AuditActor = { id: string | null; username: string | null; role: AdminRole | 'visitor' | 'system' };

/** An entry of the moderation log (GET /api/audit/log). */
export type AuditLogEntry = {
  /** The event's place in the log, `commit/prepare`. */
  position: string;
  eventId: string;
  /** When it happened (the event's `occurredAt`), ISO. */
  at: string;
  /** The event type. */
  action: string;
  actor: AuditActor;
  collegeCode: string | null;
  target: AuditTarget;
  reasonCode: string | null;
  note: string | null;
  /**
   * The id of the request that caused it (the event's `correlationId`): the `X-Request-Id` of its
   * answer and the `req.id` of its line in the server's log. Null for events journaled before ids
   * were kept, until a rebuild.
   */
  requestId: string | null;
  /** Its link in the tamper-evident chain, counted from 1, and the link's hash: null for the moment until the chain writer links it. */
  link: number | null;
  hash: string | null;
};
export type AuditLogPage = { items: AuditLogEntry[]; nextCursor: string | null };

/** The chain's last link when it was read: what an auditor notes to compare later. */
export type AuditChainHead = { links: number; hash: string };

/** An event of one item's history; `data` as recorded, with visitors' session ids as moderation pseudonyms. */
export type AuditHistoryEntry = AuditLogEntry & { moderation: boolean; data: Record<string, unknown> };
export type AuditHistoryPage = {
  target: AuditTarget;
  collegeCode: string | null;
  items: AuditHistoryEntry[];
  nextCursor: string | null;
};

export type AuditDecision = {
  action: string;
  by: AuditActor;
  at: string;
  reasonCode: string | null;
  note: string | null;
};

/** An item as it stood at `at`, folded from its events up to then. */
export type AuditItemState = {
  target: AuditTarget;
  at: string;
  /** Null when the item did not exist yet. */
  status: string | null;
  collegeCode: string | null;
  createdAt: string | null;
  /** Per kind: likes, reports, comments for a confession; sign-ins for an admin. */
  counts: Record<string, number>;
  /** The last decision on it by then. */
  decision: AuditDecision | null;
  /** What else describes it then: a room's name, an admin's username and role, a hidden confession. */
  details: Record<string, string | boolean | null>;
  /** How many of its events had happened by then. */
  events: number;
};

export type AuditQueueItem = {
  type: AuditTargetType;
  id: string;
  collegeCode: string | null;
  /** When it entered the queue. */
  since: string;
  content: string;
  /** For reported confessions: the reports still open then. */
  reports?: number;
};
export type AuditQueue = { total: number; items: AuditQueueItem[] };
export type AuditQueues = {
  at: string;
  collegeCode: string | null;
  pendingConfessions: AuditQueue;
  pendingComments: AuditQueue;
  pendingDirectMessages: AuditQueue;
  reportedConfessions: AuditQueue;
};

export type AuditChainBreak = {
  link: number;
  eventId: string;
  position: string | null;
  problem: 'altered' | 'removed' | 'inserted' | 'link missing';
};
/** GET /api/audit/verify: the chain recomputed from the first event. */
export type AuditChainStatus = {
  intact: boolean;
  /** Links verified (up to the break, when broken). */
  links: number;
  /** The hash of the last link verified. */
  head: string;
  /** Moderation events newer than the last link: the writer follows the log a moment behind. */
  unlinked: number;
  broken: AuditChainBreak | null;
  /** The same line `npm run audit:verify` prints. */
  message: string;
  checkedAt: string;
};

export type AuditVolume = { day: string; collegeCode: string | null; action: string; count: number };
/** Submission to first decision, for the items first decided on that day. */
export type AuditDecisionTimes = {
  day: string;
  collegeCode: string | null;
  decisions: number;
  p50Seconds: number;
  p90Seconds: number;
};
export type AuditMetrics = { from: string; to: string; volume: AuditVolume[]; decisionTimes: AuditDecisionTimes[] };
