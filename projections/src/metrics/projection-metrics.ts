import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type AuditChainWriter, chainLeaseKey } from '../audit-chain/chain-writer.js';
import type { Projection } from '../projection.js';
import { measureBacklog, type ProjectionBacklog } from '../runner/lag.js';
import type { LeaseStatus } from '../runner/leased-loop.js';
import { leaseKey, type ProjectionRunner } from '../runner/projection-runner.js';

/** The most events a scrape counts after a checkpoint: a projection further behind shows this many. */
export const maxLagEventsCounted = 10_000;

/** One advisory lock this process may take, named as the lock is: `projection:<name>` or `audit-chain`. */
export type LeaseReport = LeaseStatus & Readonly<{ lease: string }>;

export type ProjectionMetricsSource = Readonly<{
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  now(): Date;
  leases(): readonly LeaseReport[];
}>;

const notTaken: LeaseStatus = { held: false, acquisitions: 0 };

/**
 * The leases of every projection and of the audit chain, as this process's runners and chain
 * writer hold them (none, with RUN_PROJECTIONS=false): a lease no one here runs is reported as
 * not held, so that summed over every process each lease is held once.
 */
export function leasesOf(
  projections: readonly Projection[],
  runners: readonly ProjectionRunner[],
  chainWriter: AuditChainWriter | null,
): LeaseReport[] {
  const reports = projections.map(({ name }) => {
    const runner = runners.find((candidate) => candidate.runs(name));
    return { lease: leaseKey(name), ...(runner?.leaseStatus ?? notTaken) };
  });
  return [...reports, { lease: chainLeaseKey, ...(chainWriter?.leaseStatus ?? notTaken) }];
}

/**
 * What the API and the projections worker both expose about the projections, worked out when
 * Prometheus scrapes, never on the path of an event: each checkpoint, the events and time waiting
 * after it, and the leases this process holds.
 */
export function registerProjectionMetrics(registry: Registry, source: ProjectionMetricsSource): void {
  const registers = [registry];
  const labelNames = ['projection'] as const;
  // A scrape collects the three gauges at once: they share one measurement.
  let measuring: Promise<ProjectionBacklog[] | null> | null = null;
  const backlog = () =>
    (measuring ??= measureBacklog(source.db, source.store, source.projections, source.now(), maxLagEventsCounted)
      // The database away: the series go missing for this scrape, and the others are still served.
      .catch(() => null)
      .finally(() => (measuring = null)));
  const setFromBacklog = async (gauge: Gauge<'projection'>, value: (measured: ProjectionBacklog) => number) => {
    const measured = await backlog();
    gauge.reset();
    for (const projection of measured ?? []) gauge.set({ projection: projection.name }, value(projection));
  };
  const checkpoint: Gauge<'projection'> = new Gauge({
    name: 'scb_projection_checkpoint_position',
    help: "The commit part of the projection's checkpoint (0 before its first event); exact up to 2^53",
    labelNames,
    registers,
    collect: () => setFromBacklog(checkpoint, (measured) => Number(measured.checkpoint?.commit ?? 0n)),
  });
  const lagEvents: Gauge<'projection'> = new Gauge({
    name: 'scb_projection_lag_events',
    help: `Events in the log after the projection's checkpoint, counted up to ${maxLagEventsCounted}`,
    labelNames,
    registers,
    collect: () => setFromBacklog(lagEvents, (measured) => measured.events),
  });
  // In milliseconds, as the issue asks and as /health/ready (lagMs) and READY_MAX_LAG_MS give it.
  const lagMilliseconds: Gauge<'projection'> = new Gauge({
    name: 'scb_projection_lag_milliseconds',
    help: 'How long the oldest event the projection has not applied yet has waited (0 when caught up)',
    labelNames,
    registers,
    collect: () => setFromBacklog(lagMilliseconds, (measured) => measured.lagMs),
  });
  registerLeaseMetrics(registers, source.leases);
}

function registerLeaseMetrics(registers: Registry[], leases: () => readonly LeaseReport[]): void {
  const held: Gauge<'lease'> = new Gauge({
    name: 'scb_lease_held',
    help: 'Whether this process holds the lease (1) or stands by (0)',
    labelNames: ['lease'],
    registers,
    collect: () => {
      held.reset();
      for (const report of leases()) held.set({ lease: report.lease }, report.held ? 1 : 0);
    },
  });
  // The runners count their acquisitions; the counter shows their count as it stands.
  const acquisitions: Counter<'lease'> = new Counter({
    name: 'scb_lease_acquisitions_total',
    help: 'How many times this process has taken the lease',
    labelNames: ['lease'],
    registers,
    collect: () => {
      acquisitions.reset();
      for (const report of leases()) acquisitions.inc({ lease: report.lease }, report.acquisitions);
    },
  });
}
