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
      WHERE $1::text IS NULL OR college_code = $1
      ORDER BY college_code, sort_order, name`,
    [collegeCode ?? null],
  );
  return rows;
}

export async function roomExists(db: SqlExecutor, roomId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(roomId)) return false;
  const { rows } = await db.query('SELECT 1 FROM read_model.chat_rooms WHERE id = $1::uuid', [roomId]);
  return rows.length > 0;
}
