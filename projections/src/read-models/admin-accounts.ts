import type { AuthUser } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export const adminAccountsProjection = defineProjection('admin-accounts', {
  async AdminAccountCreated(event, tx) {
    await tx.query(
      `INSERT INTO read_model.admin_accounts (id, username, password_hash, role, college_code, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        event.data.adminId,
        event.data.username,
        event.data.passwordHash,
        event.data.role,
        event.data.collegeCode,
        'active',
        event.recordedAt,
      ],
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
});

export type AdminAccount = AuthUser & { passwordHash: string; status: 'active' | 'inactive' };

const userColumns = `a.id::text, a.username, a.role, a.college_code AS "collegeCode", c.id::text AS "collegeId"`;

export async function findAdminByUsername(db: SqlExecutor, username: string): Promise<AdminAccount | null> {
  const { rows } = await db.query<AdminAccount>(
    `SELECT ${userColumns}, a.password_hash AS "passwordHash", a.status FROM read_model.admin_accounts a
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
