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
  const deletions = [...deletedAt];
  if (laterExits.length === 0 && deletions.length === 0) return;
  // A deleted confession's comments leave with it, those entered in this batch too.
  await tx.query(
    `UPDATE read_model.audit_queue_spans s
        SET left_at = LEAST(s.left_at,
              (SELECT x.at FROM unnest($1::uuid[], $2::timestamptz[]) AS x(target_id, at) WHERE x.target_id = s.target_id),
              (SELECT d.at FROM unnest($3::uuid[], $4::timestamptz[]) AS d(target_id, at) WHERE d.target_id = s.parent_id)),
            deleted_at = LEAST(s.deleted_at,
              (SELECT d.at FROM unnest($3::uuid[], $4::timestamptz[]) AS d(target_id, at) WHERE d.target_id = s.target_id))
      WHERE s.target_id = ANY($1::uuid[]) OR s.parent_id = ANY($3::uuid[])`,
    [
      laterExits.map(([target]) => target),
      laterExits.map(([, at]) => at),
      deletions.map(([target]) => target),
      deletions.map(([, at]) => at),
    ],
  );
}

/** Times as the events record them (ISO 8601, UTC), which sort as text. */
function keepEarliest(times: Map<string, string>, { target_id, occurred_at }: JournaledEvent): void {
  const known = times.get(target_id);
  if (known === undefined || occurred_at < known) times.set(target_id, occurred_at);
}
