import { describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import type { EventStore, Position, ReadAllOptions, RecordedEvent } from '@secretchatbox/event-store';
import { Registry } from 'prom-client';
import type { Projection } from '../projection.js';
import type { AuditChainWriter } from '../audit-chain/chain-writer.js';
import type { ProjectionRunner } from '../runner/projection-runner.js';
import { type LeaseReport, leasesOf, maxLagEventsCounted, registerProjectionMetrics } from './projection-metrics.js';

const now = new Date('2026-11-25T12:00:00Z');
const projection = (name: string) => ({ name, handles: [], apply: async () => undefined }) as unknown as Projection;

/** Checkpoints as `read_model.projection_checkpoints` holds them. */
function databaseWith(checkpoints: Record<string, Position>): Database {
  const rows = Object.entries(checkpoints).map(([name, position]) => ({
    name,
    commit_position: String(position.commit),
    prepare_position: String(position.prepare),
    recorded_at: now,
  }));
  return { query: async () => ({ rows }) } as unknown as Database;
}

/** A log of `length` events, one a second up to `now`, whose positions are their numbers (from 1). */
function storeOf(length: number) {
  const reads: ReadAllOptions[] = [];
  const event = (n: number) =>
    ({
      position: { commit: BigInt(n), prepare: 0n },
      recordedAt: new Date(now.getTime() - (length - n) * 1000),
    }) as RecordedEvent;
  const store = {
    async readAll(options: ReadAllOptions = {}) {
      reads.push(options);
      const first = Number(options.after?.commit ?? 0n) + 1;
      const count = Math.min(options.maxCount ?? 1000, length - first + 1);
      return Array.from({ length: Math.max(0, count) }, (_, i) => event(first + i));
    },
  } as unknown as EventStore;
  return { store, reads };
}

async function scrape(registry: Registry): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  for (const metric of await registry.getMetricsAsJSON()) {
    for (const { labels, value } of metric.values) {
      values.set(`${metric.name}{${Object.values(labels).join(',')}}`, value);
    }
  }
  return values;
}

describe('the projection metrics', () => {
  const leases: LeaseReport[] = [
    { lease: 'projection:a', held: true, acquisitions: 2 },
    { lease: 'audit-chain', held: false, acquisitions: 0 },
  ];

  it("report each projection's checkpoint and the events and time waiting after it", async () => {
    const registry = new Registry();
    const { store, reads } = storeOf(30);
    const db = databaseWith({ a: { commit: 20n, prepare: 0n }, b: { commit: 30n, prepare: 0n } });
    const projections = [projection('a'), projection('b'), projection('c')];
    registerProjectionMetrics(registry, { db, store, projections, now: () => now, leases: () => leases });
    const values = await scrape(registry);
    expect(values.get('scb_projection_checkpoint_position{a}')).toBe(20);
    expect(values.get('scb_projection_lag_events{a}')).toBe(10);
    expect(values.get('scb_projection_lag_milliseconds{a}')).toBe(9000);
    expect(values.get('scb_projection_lag_events{b}')).toBe(0);
    expect(values.get('scb_projection_lag_milliseconds{b}')).toBe(0);
    // No checkpoint yet: nothing applied, the whole log waiting.
    expect(values.get('scb_projection_checkpoint_position{c}')).toBe(0);
    expect(values.get('scb_projection_lag_events{c}')).toBe(30);
    // One measurement for the three gauges of a scrape, capped.
    expect(reads).toHaveLength(3);
    expect(reads.every((read) => read.maxCount === maxLagEventsCounted)).toBe(true);
  });

  it('read the events after a checkpoint that several projections share once, and count no further than the cap', async () => {
    const registry = new Registry();
    const { store, reads } = storeOf(maxLagEventsCounted + 500);
    const db = databaseWith({ a: { commit: 1n, prepare: 0n }, b: { commit: 1n, prepare: 0n } });
    registerProjectionMetrics(registry, {
      db,
      store,
      projections: [projection('a'), projection('b')],
      now: () => now,
      leases: () => leases,
    });
    const values = await scrape(registry);
    expect(reads).toHaveLength(1);
    expect(values.get('scb_projection_lag_events{a}')).toBe(maxLagEventsCounted);
    expect(values.get('scb_projection_lag_events{b}')).toBe(maxLagEventsCounted);
  });

  it('leave the lag out of a scrape when the database cannot be read, and still report the leases', async () => {
    const registry = new Registry();
    const db = {
      query: async () => {
        throw new Error('connection refused');
      },
    } as unknown as Database;
    const { store } = storeOf(3);
    registerProjectionMetrics(registry, {
      db,
      store,
      projections: [projection('a')],
      now: () => now,
      leases: () => leases,
    });
    const values = await scrape(registry);
    expect([...values.keys()].filter((key) => key.startsWith('scb_projection_'))).toEqual([]);
    expect(values.get('scb_lease_held{projection:a}')).toBe(1);
    expect(values.get('scb_lease_held{audit-chain}')).toBe(0);
    expect(values.get('scb_lease_acquisitions_total{projection:a}')).toBe(2);
    expect(values.get('scb_lease_acquisitions_total{audit-chain}')).toBe(0);
  });
});

describe('leasesOf', () => {
  it("names every projection's lease and the chain's, held or not by this process", () => {
    const runner = {
      runs: (name: string) => name === 'a',
      leaseStatus: { held: true, acquisitions: 3 },
    } as unknown as ProjectionRunner;
    const chainWriter = { leaseStatus: { held: true, acquisitions: 1 } } as unknown as AuditChainWriter;
    expect(leasesOf([projection('a'), projection('b')], [runner], chainWriter)).toEqual([
      { lease: 'projection:a', held: true, acquisitions: 3 },
      { lease: 'projection:b', held: false, acquisitions: 0 },
      { lease: 'audit-chain', held: true, acquisitions: 1 },
    ]);
    // RUN_PROJECTIONS=false: nothing runs here, nothing is held.
    expect(leasesOf([projection('a')], [], null)).toEqual([
      { lease: 'projection:a', held: false, acquisitions: 0 },
      { lease: 'audit-chain', held: false, acquisitions: 0 },
    ]);
  });
});
