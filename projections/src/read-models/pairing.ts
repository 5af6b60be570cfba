import type { PairingReportItem } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';
import type { ModerationPseudonymOf } from './moderation-pseudonym.js';

/**
 * Random pairs and their reports: who was paired with whom and how it ended (what keeps a skipped
 * partner away for the day and a blocked one for good), and the reports moderators decide on.
 */
export const pairingProjection = defineProjection('pairing', {
  async PairMatched(event, tx) {
    const { pairId, collegeCode, sessionIds, quotaDay } = event.data;
    await tx.query(
      `INSERT INTO read_model.pairs (pair_id, college_code, session_a, session_b, quota_day, started_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (pair_id) DO NOTHING`,
      [pairId, collegeCode, sessionIds[0], sessionIds[1], quotaDay, event.recordedAt],
    );
  },
  async PairEnded(event, tx) {
    const { pairId, reason, endedBy, quotaDay } = event.data;
    await tx.query(
      `UPDATE read_model.pairs SET ended_reason = $2, ended_by = $3, ended_quota_day = $4, ended_at = $5
        WHERE pair_id = $1`,
      [pairId, reason, endedBy, quotaDay, event.recordedAt],
    );
  },
  async PairingReportFiled(event, tx) {
    const { reportId, pairId, collegeCode, reporterSessionId, reportedSessionId, reason, note, transcript } =
      event.data;
    await tx.query(
      `INSERT INTO read_model.pairing_reports
         (id, pair_id, college_code, reporter_session_id, reported_session_id, reason, note, transcript, created_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open') ON CONFLICT (id) DO NOTHING`,
      [
        reportId,
        pairId,
        collegeCode,
        reporterSessionId,
        reportedSessionId,
        reason,
        note,
        JSON.stringify(transcript),
        event.recordedAt,
      ],
    );
  },
  async PairingReportResolved(event, tx) {
    const { reportId, action, note } = event.data;
    await tx.query(
      `UPDATE read_model.pairing_reports SET status = $2, resolution_note = $3, resolved_at = $4 WHERE id = $1`,
      [reportId, action === 'warn' ? 'warned' : 'dismissed', note, event.recordedAt],
    );
  },
});

/** Whom `sessionId` may not be paired with: anyone blocked either way, and anyone skipped either way on `quotaDay`. */
export async function findPairExclusions(db: SqlExecutor, sessionId: string, quotaDay: string): Promise<string[]> {
  const { rows } = await db.query<{ partner: string }>(
    `SELECT session_b AS partner FROM read_model.pairs
      WHERE session_a = $1 AND (ended_reason = 'blocked' OR (ended_reason = 'skipped' AND ended_quota_day = $2))
     UNION
     SELECT session_a FROM read_model.pairs
      WHERE session_b = $1 AND (ended_reason = 'blocked' OR (ended_reason = 'skipped' AND ended_quota_day = $2))`,
    [sessionId, quotaDay],
  );
  return rows.map((row) => row.partner);
}

/**
 * The college a visitor last took part in: the room where the visitor last spoke, or the college
 * of the visitor's latest random pair, whichever came last; null when neither.
 */
export async function findVisitorCollege(db: SqlExecutor, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ collegeCode: string }>(
    `SELECT college_code AS "collegeCode" FROM (
       (SELECT college_code, created_at AS at FROM read_model.chat_messages
         WHERE session_id = $1 ORDER BY created_at DESC LIMIT 1)
       UNION ALL
       (SELECT college_code, started_at FROM read_model.pairs WHERE session_a = $1 ORDER BY started_at DESC LIMIT 1)
       UNION ALL
       (SELECT college_code, started_at FROM read_model.pairs WHERE session_b = $1 ORDER BY started_at DESC LIMIT 1)
     ) latest ORDER BY at DESC LIMIT 1`,
    [sessionId],
  );
  return rows[0]?.collegeCode ?? null;
}

type ReportRow = Omit<PairingReportItem, 'reporterId' | 'reportedId' | 'transcript'> & {
  reporter: string;
  reported: string;
  transcript: { messageId: string; fromSessionId: string; content: string; sentAt: string }[];
};

/** Open pairing reports, oldest first; every visitor by the moderation pseudonym. */
export async function listOpenPairingReports(
  db: SqlExecutor,
  collegeCode: string | null,
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<PairingReportItem[]> {
  const { rows } = await db.query<ReportRow>(
    `SELECT id::text, pair_id::text AS "pairId", college_code AS "collegeCode", reason, note,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
            reporter_session_id AS reporter, reported_session_id AS reported, transcript
       FROM read_model.pairing_reports
      WHERE status = 'open' AND ($1::text IS NULL OR college_code = $1)
      ORDER BY created_at, id LIMIT $2`,
    [collegeCode, limit],
  );
  return rows.map(({ reporter, reported, transcript, ...report }) => ({
    ...report,
    reporterId: pseudonymOf(reporter),
    reportedId: pseudonymOf(reported),
    transcript: transcript.map((line) => ({
      id: line.messageId,
      fromId: pseudonymOf(line.fromSessionId),
      content: line.content,
      createdAt: line.sentAt,
    })),
  }));
}
