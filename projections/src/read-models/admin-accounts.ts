import { isUuid } from '@secretchatbox/contracts';
import type { AdminAccountView, AuthUser } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export const adminAccountsProjection = defineProjection('admin-accounts', {
  async AdminAccountCreated(event, tx) {
    await tx.query(
      `INSERT INTO read_model.admin_accounts (id, username, role, college_code, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [event.data.adminId, event.data.username, event.data.role, event.data.collegeCode, 'active', event.recordedAt],
    );
  },
  async AdminSignedIn(event, tx) {
    await tx.query(
      `INSERT INTO read_model.admin_sessions (session_hash, admin_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (session_hash) DO NOTHING`,
      [event.data.sessionHash, event.data.adminId, event.data.expiresAt],
    );
  },
  async AdminSignedOut(event, tx) {
    await tx.query(
      'UPDATE read_model.admin_sessions SET signed_out_at = $2 WHERE session_hash = $1 AND signed_out_at IS NULL',
      [event.data.sessionHash, event.recordedAt],
    );
  },
  async AdminCollegeChanged(event, tx) {
    await tx.query('UPDATE read_model.admin_accounts SET college_code = $2 WHERE id = $1', [
      event.data.adminId,
      event.data.collegeCode,
    ]);
  },
  /** Deactivation ends every session at once, so a later activation does not revive them. */
  async AdminStatusChanged(event, tx) {
    await tx.query('UPDATE read_model.admin_accounts SET status = $2 WHERE id = $1', [
      event.data.adminId,
      event.data.status,
    ]);
    if (event.data.status === 'inactive') await endSessions(tx, event.data.adminId, event.recordedAt);
  },
  /** The account leaves every view and its sessions end; its events stay for auditors. */
  async AdminAccountDeleted(event, tx) {
    await endSessions(tx, event.data.adminId, event.recordedAt);
    await tx.query('DELETE FROM read_model.admin_accounts WHERE id = $1', [event.data.adminId]);
  },
});

async function endSessions(tx: SqlExecutor, adminId: string, at: Date): Promise<void> {
  await tx.query(
    'UPDATE read_model.admin_sessions SET signed_out_at = $2 WHERE admin_id = $1 AND signed_out_at IS NULL',
    [adminId, at],
  );
}

const viewColumns = `a.id::text, a.username, a.role, a.college_code AS "collegeCode", c.id::text AS "collegeId", a.status,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"`;

/** Admin accounts, oldest first: all of them, or only one college's accounts of one role. */
export async function listAdminAccounts(
  db: SqlExecutor,
  only?: { collegeCode: string; role: AuthUser['role'] },
): Promise<AdminAccountView[]> {
  const { rows } = await db.query<AdminAccountView>(
    `SELECT ${viewColumns} FROM read_model.admin_accounts a LEFT JOIN read_model.colleges c ON c.code = a.college_code
      WHERE $1::text IS NULL OR (a.college_code = $1 AND a.role = $2)
      ORDER BY a.created_at, a.username`,
    [only?.collegeCode ?? null, only?.role ?? null],
  );
  return rows;
}

export async function findAdminAccount(db: SqlExecutor, adminId: string): Promise<AdminAccountView | null> {
  if (!isUuid(adminId)) return null;
  const { rows } = await db.query<AdminAccountView>(
    `SELECT ${viewColumns} FROM read_model.admin_accounts a LEFT JOIN read_model.colleges c ON c.code = a.college_code
      WHERE a.id = $1::uuid`,
    [adminId],
  );
  return rows[0] ?? null;
}

/** The account a login signs in; its password hash is the write side's (admin-credentials.ts in the backend). */
export type AdminAccount = AuthUser & { status: 'active' | 'inactive' };

const userColumns = `a.id::text, a.username, a.role, a.college_code AS "collegeCode", c.id::text AS "collegeId"`;

export async function findAdminByUsername(db: SqlExecutor, username: string): Promise<AdminAccount | null> {
  const { rows } = await db.query<AdminAccount>(
    `SELECT ${userColumns}, a.status FROM read_model.admin_accounts a
       LEFT JOIN read_model.colleges c ON c.code = a.college_code
      WHERE lower(a.username) = lower($1)`,
    [username],
  );
  return rows[0] ?? null;
}

/** The account behind a live (unexpired, not signed-out) admin session of an active account. */
export async function findAdminBySession(db: SqlExecutor, sessionHash: string, now: Date): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(
    `SELECT ${userColumns} FROM read_model.admin_sessions s
       JOIN read_model.admin_accounts a ON a.id = s.admin_id
       LEFT JOIN read_model.colleges c ON c.code = a.college_code
      WHERE s.session_hash = $1 AND s.signed_out_at IS NULL AND s.expires_at > $2 AND a.status = 'active'`,
    [sessionHash, now],
  );
  return rows[0] ?? null;
}

export async function chiefExists(db: SqlExecutor): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM read_model.admin_accounts WHERE role = 'chief' LIMIT 1");
  return rows.length > 0;
}
