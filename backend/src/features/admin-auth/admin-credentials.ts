import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { streams } from '@secretchatbox/contracts';
import { type Database, type Migration, migrate } from '@secretchatbox/database';
import { type EventStore, StreamNotFoundError } from '@secretchatbox/event-store';
import { DATABASE, EVENT_STORE } from '../../infrastructure/tokens.js';

/**
 * Moves the password hashes that `AdminAccountCreated` events of version 1 carried into the
 * credentials table, then removes them from the stored events: the log is kept forever and
 * exported to auditors. This is the one place where stored events are edited, and only the
 * PostgreSQL event store's (in the same database); KurrentDB cannot edit events, and there an
 * account's hash is copied at its first sign-in (`passwordHashOf`). Each account gets the hash of its last creation, unless a deletion followed it or a
 * newer hash is kept already. Idempotent: once the events hold no hash, it finds nothing to do.
 */
export const movePasswordHashesOutOfEvents = `
DO $$
BEGIN
  IF to_regclass('event_store.events') IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO public.admin_credentials (admin_id, password_hash, set_at)
    SELECT (e.data->>'adminId')::uuid, e.data->>'passwordHash', e.recorded_at
      FROM event_store.events e
     WHERE e.type = 'AdminAccountCreated' AND e.data ? 'passwordHash'
       AND NOT EXISTS (SELECT 1 FROM event_store.events d
                        WHERE d.stream_id = e.stream_id AND d.revision > e.revision AND d.type = 'AdminAccountDeleted')
  ON CONFLICT (admin_id) DO NOTHING;
  -- The event store refuses every change of a stored event (its migration 12) but this one, which
  -- says so for its own transaction.
  PERFORM set_config('event_store.rewriting_events', 'on', true);
  UPDATE event_store.events SET data = data - 'passwordHash'
   WHERE type = 'AdminAccountCreated' AND data ? 'passwordHash';
  PERFORM set_config('event_store.rewriting_events', 'off', true);
END;
$$;
`;

/** The name its migrations are recorded under. */
export const adminCredentialsComponent = 'admin-credentials';

/**
 * The write side's own table, next to the event store and not in the read models: a hash cannot be
 * derived from events, so a rebuild of the read models must never drop it.
 */
export const adminCredentialsMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'admin credentials',
    sql: `
CREATE TABLE public.admin_credentials (
  admin_id uuid PRIMARY KEY,
  password_hash text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  // Once: looking through the whole log at every start would cost a scan of every event.
  { version: 2, name: 'password hashes moved out of stored events', sql: movePasswordHashesOutOfEvents },
];

/** Each admin account's password hash, by account id; a login finds the account first, by username. */
@Injectable()
export class AdminCredentials implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await migrate(this.db, adminCredentialsComponent, adminCredentialsMigrations);
  }

  /** A new account's hash. A retry of the same creation keeps the hash its first attempt kept. */
  async keepNew(adminId: string, passwordHash: string): Promise<void> {
    await this.db.query(
      'INSERT INTO public.admin_credentials (admin_id, password_hash) VALUES ($1, $2) ON CONFLICT (admin_id) DO NOTHING',
      [adminId, passwordHash],
    );
  }

  async passwordHashOf(adminId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM public.admin_credentials WHERE admin_id = $1',
      [adminId],
    );
    return rows[0]?.password_hash ?? (await this.copyFromCreationEvent(adminId));
  }

  /**
   * The hash an account's creation event still holds, kept here from now on: on KurrentDB, whose
   * events cannot be edited, accounts created before this table have their hash nowhere else.
   */
  private async copyFromCreationEvent(adminId: string): Promise<string | null> {
    const events = await this.store
      .readStream(streams.adminAccount(adminId), { direction: 'backwards' })
      .catch((error: unknown) => {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      });
    const creation = events.find((event) => event.type === 'AdminAccountCreated');
    const passwordHash = (creation?.data as { passwordHash?: unknown } | undefined)?.passwordHash;
    if (typeof passwordHash !== 'string') return null;
    await this.keepNew(adminId, passwordHash);
    return passwordHash;
  }

  async forget(adminId: string): Promise<void> {
    await this.db.query('DELETE FROM public.admin_credentials WHERE admin_id = $1', [adminId]);
  }
}
