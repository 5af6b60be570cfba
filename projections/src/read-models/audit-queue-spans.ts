import type { DomainEventType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

/**
 * An item enters its queue with one event and leaves it with the first of the others. `queue` is
 * the queue's number in the spans (read-model migration 21 fills them with these numbers).
 */
export type PendingQueue = Readonly<{ queue: number; entered: DomainEventType; left: readonly DomainEventType[] }>;

export const pendingQueues = {
  pendingConfessions: {
    queue: 1,
    entered: 'ConfessionSubmitted',
    left: ['ConfessionApproved', 'ConfessionRejected', 'ConfessionDeleted'],
  },
  pendingComments: { queue: 2, entered: 'CommentSubmitted', left: ['CommentApproved', 'CommentRejected'] },
  pendingDirectMessages: { queue: 3, entered: 'DirectMessageSent', left: ['DirectMessageModerated'] },
} as const satisfies Record<string, PendingQueue>;

const queues: readonly PendingQueue[] = Object.values(pendingQueues);
const queueEntered = new Map<string, number>(queues.map(({ entered, queue }) => [entered, queue]));
const exitTypes = new Set<string>(queues.flatMap((queue) => queue.left));
/** A deleted confession's comments leave their queue with it, and one commented on later never waits. */
const deletion: DomainEventType = 'ConfessionDeleted';

/** What the spans need of a journal row: `college_code` is null where the journal takes the confession's. */
export type JournaledEvent = Readonly<{
  event_id: string;
  type: string;
  target_id: string;
  parent_id: string | null;
  college_code: string | null;
  occurred_at: string;
}>;

/**
 * Keeps each queued item's span, from its entry to the first event that took it out
 * (`read_model.audit_queue_spans`, read-model migration 21), so that a queue as of a moment is one
 * scan of the entries before it rather than a search for every entry's exit. An item that enters
 * and leaves in one batch is written once, already left. A comment takes its confession's college
 * and deletion from the confession's span. Spans are found by key, in subqueries and `= ANY`: a
 * join with the batch's rows could be planned as a scan of every span.
 */
export async function recordQueueSpans(tx: SqlExecutor, rows: readonly JournaledEvent[]): Promise<void> {
  const leftAt = new Map<string, string>();
  const deletedAt = new Map<string, string>();
  for (const row of rows) {
    if (!exitTypes.has(row.type)) continue;
    keepEarliest(leftAt, row);
    if (row.type === deletion) keepEarliest(deletedAt, row);
  }
  const entries = rows.filter((row) => queueEntered.has(row.type));
  if (entries.length > 0) {
    await tx.query(
      `INSERT INTO read_model.audit_queue_spans
         (target_id, queue, entry_event_id, entered_at, college_code, parent_id, left_at, deleted_at)
       SELECT x.target_id, x.queue, x.entry_event_id, x.entered_at,
              COALESCE(x.college_code, (SELECT p.college_code FROM read_model.audit_queue_spans p WHERE p.target_id = x.parent_id)),
              x.parent_id,
              LEAST(x.left_at, (SELECT p.deleted_at FROM read_model.audit_queue_spans p WHERE p.target_id = x.parent_id)),
              x.deleted_at
         FROM jsonb_to_recordset($1::jsonb) AS x(target_id uuid, queue smallint, entry_event_id uuid, entered_at timestamptz,
              college_code text, parent_id uuid, left_at timestamptz, deleted_at timestamptz)
       ON CONFLICT (target_id) DO NOTHING`,
      [
        JSON.stringify(
          entries.map((row) => ({
            target_id: row.target_id,
            queue: queueEntered.get(row.type),
            entry_event_id: row.event_id,
            entered_at: row.occurred_at,
            college_code: row.college_code,
            parent_id: row.parent_id,
            left_at: leftAt.get(row.target_id) ?? null,
            deleted_at: deletedAt.get(row.target_id) ?? null,
          })),
        ),
      ],
    );
  }
  const entered = new Set(entries.map((row) => row.target_id));
  const laterExits = [...leftAt].filter(([target]) => !entered.has(target));
  if (laterExits.length === 0 && deletedAt.size === 0) return;
  // Each span's times are looked up by its id (as text, which is lower case) in the batch's maps.
  // A deleted confession's comments leave with it, those entered in this batch too.
  await tx.query(
    `UPDATE read_model.audit_queue_spans s
        SET left_at = LEAST(s.left_at, ($1::jsonb ->> s.target_id::text)::timestamptz,
                            ($2::jsonb ->> s.parent_id::text)::timestamptz),
            deleted_at = LEAST(s.deleted_at, ($2::jsonb ->> s.target_id::text)::timestamptz)
      WHERE s.target_id = ANY($3::uuid[]) OR s.parent_id = ANY($4::uuid[])`,
    [
      JSON.stringify(byLowerCaseId(laterExits)),
      JSON.stringify(byLowerCaseId(deletedAt)),
      laterExits.map(([target]) => target),
      [...deletedAt.keys()],
    ],
  );
}

const byLowerCaseId = (times: Iterable<[string, string]>) =>
  Object.fromEntries([...times].map(([id, at]) => [id.toLowerCase(), at]));

/** Times as the events record them (ISO 8601, UTC), which sort as text. */
function keepEarliest(times: Map<string, string>, { target_id, occurred_at }: JournaledEvent): void {
  const known = times.get(target_id);
  if (known === undefined || occurred_at < known) times.set(target_id, occurred_at);
}
