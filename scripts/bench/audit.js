// Measures the auditors' tools at 100,000 moderation events: the moderation log with filters and
// the queues as of a past moment through the API, against an indexed SELECT of a log page, and
// the chain's verification (links/s) against reading the same log with readAll, in a scratch
// database. Part of `npm run bench`.
import { apiPaths } from '@secretchatbox/contracts';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { verifyAuditChain } from '@secretchatbox/projections';
import { performance } from 'node:perf_hooks';
import { seededDays, seedModerationHistory } from './audit-data.js';
import { formatAuditReport } from './audit-report.js';
import { measureFeedPage } from './feed-load.js';
import { httpClient, jsonBody } from './http-client.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { startServer } from './server-process.js';
import { setupRequest, setupRetries } from './setup-request.js';
import { measureQueryBaseline, measureReadAll } from './throughput.js';

const settings = {
  moderationEvents: 100_000,
  colleges: ['C001', 'C002', 'C003', 'C004', 'C005'],
  concurrency: 8,
  warmupMs: 1000,
  durationMs: 5000,
  chief: { username: 'bench-chief', password: 'bench chief password' },
};

const day = 86_400_000;

/** The API calls measured, by name: each an auditor's question of the 100,000 events. */
function auditPaths() {
  const from = new Date(Date.now() - 20 * day).toISOString();
  const to = new Date(Date.now() - 10 * day).toISOString();
  const past = new Date(Date.now() - 15 * day).toISOString();
  const q = (params) => new URLSearchParams(params).toString();
  return {
    logFirstPage: `${apiPaths.auditLog}?${q({ limit: '50' })}`,
    logFiltered: `${apiPaths.auditLog}?${q({ collegeCode: 'C002', action: 'ConfessionRejected', from, to, limit: '50' })}`,
    logByModerator: `${apiPaths.auditLog}?${q({ actor: 'bench-mod-7', limit: '50' })}`,
    queuesAsOf: `${apiPaths.auditQueues}?${q({ at: past, collegeCode: 'C003' })}`,
    queuesAsOfAllColleges: `${apiPaths.auditQueues}?${q({ at: past })}`,
  };
}

const logPageQuery = `SELECT e.event_id, log_commit, log_prepare, occurred_at, type, target_type, target_id, college_code,
  actor_kind, actor_id, actor_username, actor_role, reason_code, note, moderation, l.link, l.hash, data
  FROM read_model.audit_events e LEFT JOIN read_model.audit_links l ON l.event_id = e.event_id
  WHERE moderation ORDER BY log_commit DESC, log_prepare DESC LIMIT 50`;

async function signInChief(baseUrl) {
  const client = httpClient(baseUrl);
  try {
    const answer = await setupRequest(client, setupRetries(), 'POST', apiPaths.login, { body: settings.chief }, 200);
    return jsonBody(answer).sessionToken;
  } finally {
    client.close();
  }
}

async function measureAudit(url) {
  const db = await openBenchDatabase(url, 8);
  const server = await startServer({
    DATABASE_URL: url,
    EVENTSTORE_CONNECTION_STRING: '',
    LOG_LEVEL: 'warn',
    CHIEF_USERNAME: settings.chief.username,
    CHIEF_PASSWORD: settings.chief.password,
  });
  const store = await PostgresEventStore.open(db);
  try {
    const seed = await seedModerationHistory(db, store, settings.moderationEvents, settings.colleges);
    const token = await signInChief(server.baseUrl);
    const baseline = await measureQueryBaseline(url, settings, logPageQuery);
    const api = {};
    for (const [name, path] of Object.entries(auditPaths())) {
      api[name] = await measureFeedPage(server.baseUrl, path, settings, [token]);
    }
    const readAll = await measureReadAll(store, 5000);
    const started = performance.now();
    const verdict = await verifyAuditChain(store);
    const verifyMs = performance.now() - started;
    if (!verdict.intact) throw new Error(`The seeded chain is not intact: ${JSON.stringify(verdict)}`);
    const verify = {
      links: verdict.links,
      events: verdict.events,
      elapsedMs: verifyMs,
      perSecond: verdict.links / (verifyMs / 1000),
    };
    return {
      server: await describeServer(db),
      settings: { ...settings, seededDays },
      seed,
      baseline,
      api,
      readAll,
      verify,
    };
  } finally {
    await store.close();
    await server.stop();
    await db.close();
  }
}

try {
  console.log(formatAuditReport(await withScratchDatabase(serverUrl(), measureAudit)));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
