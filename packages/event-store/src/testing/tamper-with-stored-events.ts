import type { Database } from '@secretchatbox/database';

/**
 * Runs `sql` on the stored events as only the table's owner can: with the triggers that keep the
 * log append-only disabled, for its one transaction. For tests of what must notice tampering.
 */
export async function tamperWithStoredEvents(db: Database, sql: string, params: readonly unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('ALTER TABLE event_store.events DISABLE TRIGGER USER');
    await tx.query(sql, params);
    await tx.exec('ALTER TABLE event_store.events ENABLE TRIGGER USER');
  });
}
