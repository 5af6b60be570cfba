import { isUuid } from '@secretchatbox/contracts';
import type { ChatRoom, College } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export const collegesProjection = defineProjection('colleges', {
  async CollegeRegistered(event, tx) {
    await tx.query(
      `INSERT INTO read_model.colleges (id, code, name, registered_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING`,
      [event.data.collegeId, event.data.code, event.data.name, event.recordedAt],
    );
  },
  async ChatRoomOpened(event, tx) {
    await tx.query(
      `INSERT INTO read_model.chat_rooms (id, college_code, name, sort_order, opened_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING`,
      [event.data.roomId, event.data.collegeCode, event.data.name, event.data.sortOrder, event.recordedAt],
    );
  },
  async ChatRoomRenamed(event, tx) {
    await tx.query('UPDATE read_model.chat_rooms SET name = $2 WHERE id = $1', [event.data.roomId, event.data.name]);
  },
  async ChatRoomArchived(event, tx) {
    await tx.query('UPDATE read_model.chat_rooms SET archived_at = $2 WHERE id = $1', [
      event.data.roomId,
      event.recordedAt,
    ]);
  },
});

export async function listColleges(db: SqlExecutor): Promise<College[]> {
  const { rows } = await db.query<College>('SELECT id::text, name, code FROM read_model.colleges ORDER BY code');
  return rows;
}

export async function findCollegeByCode(db: SqlExecutor, code: string): Promise<College | null> {
  const { rows } = await db.query<College>('SELECT id::text, name, code FROM read_model.colleges WHERE code = $1', [
    code,
  ]);
  return rows[0] ?? null;
}

export async function listChatRooms(db: SqlExecutor, collegeCode?: string): Promise<ChatRoom[]> {
  const { rows } = await db.query<ChatRoom>(
    `SELECT id::text, name, college_code AS "collegeCode" FROM read_model.chat_rooms
      WHERE archived_at IS NULL AND ($1::text IS NULL OR college_code = $1)
      ORDER BY college_code, sort_order, name`,
    [collegeCode ?? null],
  );
  return rows;
}

/** An open (not archived) room, or null. */
export async function findChatRoom(db: SqlExecutor, roomId: string): Promise<ChatRoom | null> {
  if (!isUuid(roomId)) return null;
  const { rows } = await db.query<ChatRoom>(
    `SELECT id::text, name, college_code AS "collegeCode" FROM read_model.chat_rooms
      WHERE id = $1::uuid AND archived_at IS NULL`,
    [roomId],
  );
  return rows[0] ?? null;
}

export async function roomExists(db: SqlExecutor, roomId: string): Promise<boolean> {
  return (await findChatRoom(db, roomId)) !== null;
}
