import type { TestApp } from './test-app.js';

/** Every prefix of the hashes a password hasher writes (argon2, bcrypt, scrypt), and the field names of one. */
export const hashLike = /\$argon2|\$2[aby]\$|scrypt|passwordHash|password_hash/i;

/** Each stored event's data and metadata, as text. */
export const storedEventsText = async (t: TestApp) =>
  (
    await t.storage.db.query<{ text: string }>(
      'SELECT data::text || metadata::text AS text FROM event_store.events ORDER BY seq',
    )
  ).rows.map((row) => row.text);

/** The password hash the credentials table keeps for an account, or null. */
export const credentialOf = async (t: TestApp, adminId: string) =>
  (
    await t.storage.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM public.admin_credentials WHERE admin_id = $1',
      [adminId],
    )
  ).rows[0]?.password_hash ?? null;
