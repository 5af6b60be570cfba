import { performance } from 'node:perf_hooks';
import { comparePositions } from '@secretchatbox/event-store';
import { defineProjection, migrateReadModels, ProjectionRunner } from '@secretchatbox/projections';
import { visitorSessionStarted } from './events.js';
import { runPaced } from './load.js';
import { maximum, percentile } from './stats.js';

const catchUpTimeoutMs = 20_000;
const drainTimeoutMs = 10_000;

const benchSessionsProjection = defineProjection('bench-sessions', {
  async VisitorSessionStarted(event, tx) {
    await tx.query(
      `INSERT INTO public.bench_sessions (session_id, started_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING`,
      [event.data.sessionId, event.recordedAt],
    );
  },
});

/**
 * Subscription lag: from an append's commit being acknowledged to the runner reporting a position
 * at or past it (0 when the runner got there first). End to end adds the append's own latency,
 * from just before the call, including any wait for a pooled connection.
 */
class LagTracker {
  latest = null;
  pending = [];
  lags = [];
  endToEnd = [];

  progressed(position) {
    if (this.reached(position)) return;
    this.latest = position;
    const now = performance.now();
    this.pending = this.pending.filter((append) => {
      if (comparePositions(append.position, position) > 0) return true;
      this.record(append, now);
      return false;
    });
  }

  appended(position, startedAt, acknowledgedAt) {
    const append = { position, startedAt, acknowledgedAt };
    if (this.reached(position)) this.record(append, acknowledgedAt);
    else this.pending.push(append);
  }

  reached(position) {
    return this.latest !== null && comparePositions(this.latest, position) >= 0;
  }

  record(append, appliedAt) {
    this.lags.push(Math.max(0, appliedAt - append.acknowledgedAt));
    this.endToEnd.push(appliedAt - append.startedAt);
  }
}

/**
 * Runs a projection on its own read-model table while appends arrive at `ratePerSecond`, and
 * reports how long each appended event took to be applied. The runner first catches up with
 * the events already in the store, so the lag measured is that of a live runner.
 */
export async function measureSubscriptionLag(db, store, { ratePerSecond, warmupMs, durationMs, streamCount }) {
  await migrateReadModels(db);
  await db.exec('CREATE TABLE public.bench_sessions (session_id text PRIMARY KEY, started_at timestamptz NOT NULL)');
  const tracker = new LagTracker();
  const runner = new ProjectionRunner(db, store, benchSessionsProjection);
  runner.onProgress((position) => tracker.progressed(position));
  runner.start();
  try {
    const catchUp = await catchUpWith(store, tracker);
    const measureFrom = performance.now() + warmupMs;
    let measured = 0;
    await runPaced({
      ratePerSecond,
      durationMs: warmupMs + durationMs,
      operation: async (sequence) => {
        const startedAt = performance.now();
        const { position } = await store.appendToStream(`bench-lag-${sequence % streamCount}`, [
          visitorSessionStarted(),
        ]);
        if (startedAt < measureFrom) return;
        measured += 1;
        tracker.appended(position, startedAt, performance.now());
      },
    });
    await waitUntil(
      () => tracker.pending.length === 0,
      drainTimeoutMs,
      'the projection to apply every measured append',
    );
    return {
      catchUp,
      offeredPerSecond: ratePerSecond,
      achievedPerSecond: measured / (durationMs / 1000),
      samples: tracker.lags.length,
      p50: percentile(tracker.lags, 50),
      p99: percentile(tracker.lags, 99),
      max: maximum(tracker.lags),
      endToEndP50: percentile(tracker.endToEnd, 50),
      endToEndP99: percentile(tracker.endToEnd, 99),
    };
  } finally {
    await runner.stop();
  }
}

async function catchUpWith(store, tracker) {
  const [head, events] = await Promise.all([store.headPosition(), store.countEvents()]);
  const started = performance.now();
  if (head) await waitUntil(() => tracker.reached(head), catchUpTimeoutMs, 'the projection to catch up');
  const elapsedMs = performance.now() - started;
  return { events, elapsedMs, perSecond: events / (elapsedMs / 1000) };
}

async function waitUntil(check, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
