import { describeVerdict, verifyAuditChain } from '../audit-chain/verify-chain.js';
import { openExistingStorageOrExit, storeUnreadable } from './open-existing-storage.js';

/**
 * `npm run audit:verify`: recomputes the tamper-evident chain over every moderation event of the
 * configured store (DATA_DIR, DATABASE_URL or EVENTSTORE_CONNECTION_STRING). Exit 0 and
 * `chain intact: N links, head <hash>`, exit 1 naming the first broken link, or exit 2 when the
 * store could not be read.
 */
const storage = await openExistingStorageOrExit('secretchatbox-audit-verify');
try {
  const started = performance.now();
  const verdict = await verifyAuditChain(storage.store);
  const seconds = (performance.now() - started) / 1000;
  console.log(describeVerdict(verdict));
  if (verdict.intact && verdict.unlinked > 0) {
    console.log(`${verdict.unlinked} newer moderation events are not linked yet (the chain writer follows the log)`);
  }
  console.error(
    `Read ${verdict.events} events from ${storage.describe} in ${seconds.toFixed(2)} s: ${Math.round(verdict.links / Math.max(seconds, 0.001))} links/s`,
  );
  process.exitCode = verdict.intact ? 0 : 1;
} catch (error) {
  console.error(`Verification failed: ${(error as Error).message}`);
  process.exitCode = storeUnreadable;
} finally {
  await storage.close();
}
