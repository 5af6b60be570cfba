import { z } from 'zod';
import { type AuditTarget, auditTargetTypes } from '../events/audit-targets.js';
import { adminRoles } from '../events/event.js';
import { pageOf } from './answers.js';

/* What the audit endpoints answer, defined as answers.ts defines the others. */

const auditTarget = z.strictObject({ type: z.enum(auditTargetTypes), id: z.string() }) satisfies z.ZodType<AuditTarget>;

/** Who did it: an admin by id and username; a visitor by the pseudonym of the item's kind (docs/audit.md); or the system. */
const auditActor = z.strictObject({
  id: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum([...adminRoles, 'visitor', 'system']),
});
export type AuditActor = z.infer<typeof auditActor>;

/** An entry of the moderation log (GET /api/audit/log). */
const auditLogEntry = z.strictObject({
  /** The event's place in the log, `commit/prepare`. */
  position: z.string(),
  eventId: z.string(),
  /** When it happened (the event's `occurredAt`), ISO. */
  at: z.string(),
  /** The event type. */
  action: z.string(),
  actor: auditActor,
  collegeCode: z.string().nullable(),
  target: auditTarget,
  reasonCode: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * The id of the request that caused it (the event's `correlationId`): the `X-Request-Id` of its
   * answer and the `req.id` of its line in the server's log. Null for events journaled before ids
   * were kept, until a rebuild.
   */
  requestId: z.string().nullable(),
  /** Its link in the tamper-evident chain, counted from 1, and the link's hash: null for the moment until the chain writer links it. */
  link: z.number().int().nullable(),
  hash: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogPage = pageOf(auditLogEntry);
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** The chain's last link when it was read: what an auditor notes to compare later. */
export type AuditChainHead = { links: number; hash: string };

/** The export's file, CSV or JSON as asked: the entries for the filters, ending with the chain head. */
export const auditExportFile = z.string();

/** An event of one item's history; `data` as recorded, with every session id as the item's pseudonym. */
const auditHistoryEntry = auditLogEntry.extend({ moderation: z.boolean(), data: z.record(z.string(), z.unknown()) });
export type AuditHistoryEntry = z.infer<typeof auditHistoryEntry>;
export const auditHistoryPage = z.strictObject({
  target: auditTarget,
  collegeCode: z.string().nullable(),
  items: z.array(auditHistoryEntry),
  nextCursor: z.string().nullable(),
});
export type AuditHistoryPage = z.infer<typeof auditHistoryPage>;

const auditDecision = z.strictObject({
  action: z.string(),
  by: auditActor,
  at: z.string(),
  reasonCode: z.string().nullable(),
  note: z.string().nullable(),
});
export type AuditDecision = z.infer<typeof auditDecision>;

/** An item as it stood at `at`, folded from its events up to then. */
export const auditItemState = z.strictObject({
  target: auditTarget,
  at: z.string(),
  /** Null when the item did not exist yet. */
  status: z.string().nullable(),
  collegeCode: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Per kind: likes, reports, comments for a confession; sign-ins for an admin. */
  counts: z.record(z.string(), z.number().int()),
  /** The last decision on it by then. */
  decision: auditDecision.nullable(),
  /** What else describes it then: a room's name, an admin's username and role, a hidden confession. */
  details: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  /** How many of its events had happened by then. */
  events: z.number().int(),
});
export type AuditItemState = z.infer<typeof auditItemState>;

const auditQueueItem = z.strictObject({
  type: z.enum(auditTargetTypes),
  id: z.string(),
  collegeCode: z.string().nullable(),
  /** When it entered the queue. */
  since: z.string(),
  content: z.string(),
  /** For reported confessions: the reports still open then. */
  reports: z.number().int().optional(),
});
export type AuditQueueItem = z.infer<typeof auditQueueItem>;
const auditQueue = z.strictObject({ total: z.number().int(), items: z.array(auditQueueItem) });
export type AuditQueue = z.infer<typeof auditQueue>;
export const auditQueues = z.strictObject({
  at: z.string(),
  collegeCode: z.string().nullable(),
  pendingConfessions: auditQueue,
  pendingComments: auditQueue,
  pendingDirectMessages: auditQueue,
  reportedConfessions: auditQueue,
});
export type AuditQueues = z.infer<typeof auditQueues>;

const auditChainBreak = z.strictObject({
  link: z.number().int(),
  eventId: z.string(),
  position: z.string().nullable(),
  problem: z.enum(['altered', 'removed', 'inserted', 'link missing']),
});
export type AuditChainBreak = z.infer<typeof auditChainBreak>;
/** GET /api/audit/verify: the chain recomputed from the first event. */
export const auditChainStatus = z.strictObject({
  intact: z.boolean(),
  /** Links verified (up to the break, when broken). */
  links: z.number().int(),
  /** The hash of the last link verified. */
  head: z.string(),
  /** Moderation events newer than the last link: the writer follows the log a moment behind. */
  unlinked: z.number().int(),
  broken: auditChainBreak.nullable(),
  /** The same line `npm run audit:verify` prints. */
  message: z.string(),
  checkedAt: z.string(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatus>;

const auditVolume = z.strictObject({
  day: z.string(),
  collegeCode: z.string().nullable(),
  action: z.string(),
  count: z.number().int(),
});
export type AuditVolume = z.infer<typeof auditVolume>;
/** Submission to first decision, for the items first decided on that day. */
const auditDecisionTimes = z.strictObject({
  day: z.string(),
  collegeCode: z.string().nullable(),
  decisions: z.number().int(),
  p50Seconds: z.number(),
  p90Seconds: z.number(),
});
export type AuditDecisionTimes = z.infer<typeof auditDecisionTimes>;
export const auditMetrics = z.strictObject({
  from: z.string(),
  to: z.string(),
  volume: z.array(auditVolume),
  decisionTimes: z.array(auditDecisionTimes),
});
export type AuditMetrics = z.infer<typeof auditMetrics>;
