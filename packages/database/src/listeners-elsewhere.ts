import type { Row } from './database.js';

const recheckMs = 1000;

/** Taken by a LISTEN connection for each channel it listens on, and held for as long as it lives. */
export const listeningLockSql = 'SELECT pg_advisory_lock_shared(5, hashtext($1))';
/** Released when the connection stops listening on the channel. */
export const listeningUnlockSql = 'SELECT pg_advisory_unlock_shared(5, hashtext($1))';

const othersListeningSql = `
  SELECT EXISTS (
    SELECT 1 FROM pg_locks l
     WHERE l.locktype = 'advisory' AND l.classid = 5 AND l.objid::bigint = (hashtext($1)::bigint & 4294967295)
       AND l.objsubid = 2 AND l.granted AND l.pid <> $2
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS listening`;

/**
 * Whether a process other than this one listens on a channel, by the lock each listener holds
 * (`listeningLockSql`). A NOTIFY is a transaction of its own on the server; a server used by one
 * process alone, as most are, needs none. Asked at most once a second per channel: a process that
 * starts listening in between polls meanwhile, as every listener does when a notification is lost.
 */
export class ListenersElsewhere {
  private readonly known = new Map<string, Readonly<{ listening: Promise<boolean>; checkedAt: number }>>();

  constructor(
    private readonly query: (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }>,
    /** The server process of this process's own LISTEN connection, 0 while there is none. */
    private readonly ownListener: () => number,
  ) {}

  listening(channel: string): Promise<boolean> {
    const known = this.known.get(channel);
    if (known && Date.now() - known.checkedAt < recheckMs) return known.listening;
    const listening = this.query(othersListeningSql, [channel, this.ownListener()]).then(
      ({ rows }) => rows[0]?.listening === true,
      // Unknown: tell them, as before.
      () => true,
    );
    this.known.set(channel, { listening, checkedAt: Date.now() });
    return listening;
  }
}
