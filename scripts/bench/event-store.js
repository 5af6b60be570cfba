// Measures the PostgreSQL event store against the server's own single-row insert rate:
// append throughput, read-all throughput and projection lag, in a scratch database.
// Run with `npm run bench` (it builds first); the figures go to stdout.
import { PostgresEventStore } from '@secretchatbox/event-store';
import { formatReport } from './report.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { measureSubscriptionLag } from './subscription-lag.js';
import { waitUntilAllReadable } from './visibility.js';
import {
  measureAnyRevisionAppends,
  measureBaseline,
  measureExactRevisionAppends,
  measureReadAll,
} from './throughput.js';

const settings = {
  concurrency: 16,
  // Room beyond the writers for the NOTIFY after appends and the projection runner's queries.
  poolSize: 20,
  warmupMs: 1000,
  durationMs: 5000,
  streamCount: 1000,
  pageSize: 1000,
};

async function measureEventStore(url, baseline) {
  const db = await openBenchDatabase(url, settings.poolSize);
  try {
    const store = await PostgresEventStore.open(db);
    try {
      const server = await describeServer(db);
      const anyAppends = await measureAnyRevisionAppends(store, settings);
      const exactAppends = await measureExactRevisionAppends(store, settings);
      // Read-all checks that every stored event came back: none may wait behind a transaction open elsewhere.
      const waitedMs = await waitUntilAllReadable(db);
      const readAll = { ...(await measureReadAll(store, settings.pageSize)), waitedMs };
      const lag = await measureSubscriptionLag(db, store, { ...settings, ratePerSecond: anyAppends.perSecond / 2 });
      return { server, settings, baseline, anyAppends, exactAppends, readAll, lag };
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

try {
  const results = await withScratchDatabase(serverUrl(), async (url) =>
    measureEventStore(url, await measureBaseline(url, settings)),
  );
  console.log(formatReport(results));
} catch (error) {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
}
