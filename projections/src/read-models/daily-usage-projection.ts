import { defineProjection } from '../projection.js';

export const dailyUsageProjection = defineProjection('daily-usage', {
  async ConfessionQuotaUsed(event, tx) {
    await tx.query(
      `INSERT INTO read_model.daily_usage (session_id, quota_day, confessions) VALUES ($1, $2::date, 1)
       ON CONFLICT (session_id, quota_day) DO UPDATE SET confessions = daily_usage.confessions + 1`,
      [event.data.sessionId, event.data.quotaDay],
    );
  },
});
