import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export type DailyUsage = { confessions: number; chatMessages: number };

/** What a visitor has used on one quota day (`YYYY-MM-DD`). */
export async function findDailyUsage(db: SqlExecutor, sessionId: string, quotaDay: string): Promise<DailyUsage> {
  const { rows } = await db.query<{ confessions: number; chat_messages: number }>(
    'SELECT confessions, chat_messages FROM read_model.daily_usage WHERE session_id = $1 AND quota_day = $2::date',
    [sessionId, quotaDay],
  );
  return { confessions: Number(rows[0]?.confessions ?? 0), chatMessages: Number(rows[0]?.chat_messages ?? 0) };
}

export const dailyUsageProjection = defineProjection('daily-usage', {
  async ConfessionQuotaUsed(event, tx) {
    await tx.query(
      `INSERT INTO read_model.daily_usage (session_id, quota_day, confessions) VALUES ($1, $2::date, 1)
       ON CONFLICT (session_id, quota_day) DO UPDATE SET confessions = daily_usage.confessions + 1`,
      [event.data.sessionId, event.data.quotaDay],
    );
  },
  async ChatAllowanceUsed(event, tx) {
    await tx.query(
      `INSERT INTO read_model.daily_usage (session_id, quota_day, chat_messages) VALUES ($1, $2::date, 1)
       ON CONFLICT (session_id, quota_day) DO UPDATE SET chat_messages = daily_usage.chat_messages + 1`,
      [event.data.sessionId, event.data.quotaDay],
    );
  },
});
