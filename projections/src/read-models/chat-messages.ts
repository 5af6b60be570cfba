import { type ChatMessage, chatMessageFields, type ModeratedChatMessage } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';
import type { ModerationPseudonymOf } from './moderation-pseudonym.js';

/** Where a message sits in the log: the history's order, and what its cursors name. */
export type LogPlace = Readonly<{ commit: bigint; prepare: bigint }>;

export const chatMessagesProjection = defineProjection('chat-messages', {
  async ChatMessagePosted(event, tx) {
    const { messageId, roomId, collegeCode, sessionId, isAdmin, nickname, content, sentAt } = event.data;
    await tx.query(
      `INSERT INTO read_model.chat_messages
         (id, room_id, college_code, session_id, is_admin, nickname, content, created_at, log_commit, log_prepare)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
      [
        messageId,
        roomId,
        collegeCode,
        sessionId,
        isAdmin,
        nickname,
        content,
        sentAt,
        event.position.commit.toString(),
        event.position.prepare.toString(),
      ],
    );
  },
  async ChatMessageRemoved(event, tx) {
    await tx.query('UPDATE read_model.chat_messages SET removed = true WHERE id = $1', [event.data.messageId]);
  },
});

type HistoryRow = ChatMessage & { logCommit: string; logPrepare: string; collegeCode: string };

/**
 * Up to `limit` messages of a room (not removed), newest first, before `before` when given, and
 * whether older ones exist: one read of the history's index.
 */
async function readHistory(
  db: SqlExecutor,
  roomId: string,
  before: LogPlace | null,
  limit: number,
): Promise<{ rows: HistoryRow[]; older: LogPlace | null }> {
  // Two statements rather than one with an optional bound, so each keeps a plan on the index.
  const after = before ? 'AND (log_commit, log_prepare) < ($3::bigint, $4::bigint)' : '';
  const params: unknown[] = [roomId, limit + 1];
  if (before) params.push(before.commit.toString(), before.prepare.toString());
  const { rows } = await db.query<HistoryRow>(
    `SELECT id::text, room_id::text AS "roomId", content, nickname, session_id AS "sessionId",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
            is_admin AS "isAdmin", college_code AS "collegeCode",
            log_commit::text AS "logCommit", log_prepare::text AS "logPrepare"
       FROM read_model.chat_messages
      WHERE room_id = $1::uuid AND NOT removed ${after}
      ORDER BY log_commit DESC, log_prepare DESC
      LIMIT $2`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const older =
    rows.length > limit && last ? { commit: BigInt(last.logCommit), prepare: BigInt(last.logPrepare) } : null;
  return { rows: page, older };
}

export type HistoryPage<Item> = Readonly<{ items: Item[]; older: LogPlace | null }>;

/** A page of a room's history as everyone sees it: oldest first within the page. */
export async function readChatHistory(
  db: SqlExecutor,
  roomId: string,
  before: LogPlace | null,
  limit: number,
): Promise<HistoryPage<ChatMessage>> {
  const { rows, older } = await readHistory(db, roomId, before, limit);
  const items = rows.reverse().map(chatMessageFields);
  return { items, older };
}

/** A page of a room's messages as moderators see them: newest first, authors by pseudonym. */
export async function readModeratedChatMessages(
  db: SqlExecutor,
  roomId: string,
  before: LogPlace | null,
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<HistoryPage<ModeratedChatMessage>> {
  const { rows, older } = await readHistory(db, roomId, before, limit);
  const items = rows.map(({ id, roomId, content, nickname, sessionId, createdAt, isAdmin, collegeCode }) => ({
    id,
    roomId,
    content,
    nickname,
    createdAt,
    isAdmin,
    collegeCode,
    authorId: pseudonymOf(sessionId),
  }));
  return { items, older };
}
