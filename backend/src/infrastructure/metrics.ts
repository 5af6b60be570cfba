import { Injectable } from '@nestjs/common';
import { createMetricsRegistry } from '@secretchatbox/projections';
import { Counter, Gauge, Histogram } from 'prom-client';

/** The label of a request no route matched: the raw URL would make one series per path tried. */
export const unmatchedRoute = 'unmatched';

/**
 * Why a socket was refused or closed: the instance or the caller's network holds its cap of
 * sockets, the handshake's token is unknown, or the socket kept sending past its event budget.
 */
export type SocketRefusal = 'instance_full' | 'network_full' | 'invalid_token' | 'event_budget';

/** This instance's sockets, read when Prometheus scrapes. */
export type SocketCounts = Readonly<{ connections: number; chatRooms: number }>;

/**
 * The API's metrics, in one registry per application (tests run several in one process), served
 * at `/metrics`. The projections' and the leases' are defined with the worker's, in
 * `@secretchatbox/projections`, and registered here by `ProjectionMetrics`.
 */
@Injectable()
export class Metrics {
  readonly registry = createMetricsRegistry();
  private readonly registers = [this.registry];
  private socketCounts: (() => SocketCounts) | null = null;

  private readonly httpRequests = new Histogram({
    name: 'scb_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: this.registers,
  });

  private readonly appends = new Histogram({
    name: 'scb_event_store_append_duration_seconds',
    help: 'Time of each append to the event store, refused ones included (a lost race, a repeat)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: this.registers,
  });

  private readonly rateLimitRefusals = new Counter({
    name: 'scb_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit or the failed sign-in throttle, by the limit that refused',
    labelNames: ['bucket'] as const,
    registers: this.registers,
  });

  private readonly socketRefusals = new Counter({
    name: 'scb_socket_refusals_total',
    help: 'Socket handshakes refused, and sockets closed for sending past their event budget, by reason',
    labelNames: ['reason'] as const,
    registers: this.registers,
  });

  private readonly socketConnections: Gauge = new Gauge({
    name: 'scb_socket_connections',
    help: 'socket.io connections to this instance',
    registers: this.registers,
    collect: () => this.socketConnections.set(this.socketCounts?.().connections ?? 0),
  });

  private readonly chatRoomsJoined: Gauge = new Gauge({
    name: 'scb_chat_rooms_joined',
    help: 'Chat rooms that at least one socket of this instance is in',
    registers: this.registers,
    collect: () => this.chatRoomsJoined.set(this.socketCounts?.().chatRooms ?? 0),
  });

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text Prometheus scrapes; the projections' figures are worked out now. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpRequests.observe({ method, route, status_code: statusCode }, seconds);
  }

  appended(seconds: number): void {
    this.appends.observe(seconds);
  }

  rateLimitRefused(bucket: string): void {
    this.rateLimitRefusals.inc({ bucket });
  }

  socketRefused(reason: SocketRefusal): void {
    this.socketRefusals.inc({ reason });
  }

  /** Where the socket gauges read their figures, once socket.io is up. */
  countSocketsWith(counts: () => SocketCounts): void {
    this.socketCounts = counts;
  }
}
