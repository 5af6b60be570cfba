import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { type HandshakeRefusal, messages } from '@secretchatbox/contracts';
import type { Socket } from 'socket.io';
import type { AppConfig } from '../config/app-config.js';
import type { Clock } from '../infrastructure/clock.js';
import { Metrics, type SocketRefusal } from '../infrastructure/metrics.js';
import { APP_CONFIG, CLOCK } from '../infrastructure/tokens.js';
import { NetworkKey } from '../rate-limiting/network-key.js';
import { clientAddress } from './client-address.js';
import { handshakeHeadroom, openFileLimit, type SocketCapacity, socketCapacity } from './socket-capacity.js';

/** What engine.io shows of one of its connections. */
type EngineConnection = Readonly<{ request: IncomingMessage; once(event: 'close', listener: () => void): unknown }>;
type AllowRequest = (request: IncomingMessage, answer: (message: string | null, allowed: boolean) => void) => void;

/**
 * Holds the instance to its socket caps, overall and per network (the rate limits' keyed network
 * identity, so that it holds behind a trusted proxy). It counts engine.io connections from their
 * handshake to their close. A socket past a cap is refused with a `connect_error` that says why,
 * and its connection closed; a handshake further past it (a client that never connects a socket
 * and only holds connections) is refused outright, so the count stays bounded either way.
 */
@Injectable()
export class SocketAdmission {
  readonly capacity: SocketCapacity;
  private connections = 0;
  private readonly perNetwork = new Map<string, number>();
  private readonly networkOfConnection = new WeakMap<object, string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly networkKey: NetworkKey,
    private readonly metrics: Metrics,
  ) {
    this.capacity = socketCapacity(config, openFileLimit());
  }

  /** engine.io's `allowRequest`: every handshake, before its connection is made. */
  readonly allowRequest: AllowRequest = (request, answer) => {
    const refusal = this.refusal(this.networkOf(request), handshakeHeadroom);
    if (!refusal) return answer(null, true);
    this.metrics.socketRefused(refusal.reason);
    answer(refusal.message, false);
  };

  /** Counts an engine.io connection until it closes. */
  opened(connection: EngineConnection): void {
    const network = this.networkOf(connection.request);
    this.networkOfConnection.set(connection, network);
    this.connections += 1;
    this.perNetwork.set(network, (this.perNetwork.get(network) ?? 0) + 1);
    connection.once('close', () => {
      this.connections -= 1;
      const left = this.perNetwork.get(network)! - 1;
      if (left === 0) this.perNetwork.delete(network);
      else this.perNetwork.set(network, left);
    });
  }

  /** The namespace's first middleware: a socket past a cap is refused, and its connection closed. */
  readonly admit = (socket: Socket, next: (error?: Error) => void): void => {
    const network = this.networkOfConnection.get(socket.conn) ?? this.networkOf(socket.request);
    // Counted already: the connection itself is one of them.
    const refusal = this.refusal(network, { perInstance: 1, perNetwork: 1 });
    if (!refusal) return next();
    this.metrics.socketRefused(refusal.reason);
    next(handshakeRefused(refusal.message, refusal.reason === 'instance_full' ? 503 : 429));
    // After the refusal is queued (socket.io sends it on the next tick); the close waits for it to be written.
    setImmediate(() => socket.conn.close());
  };

  private refusal(
    network: string,
    room: Readonly<{ perInstance: number; perNetwork: number }>,
  ): { reason: SocketRefusal; message: string } | null {
    if (this.connections >= this.capacity.perInstance + room.perInstance) {
      return { reason: 'instance_full', message: messages.serverFull };
    }
    if ((this.perNetwork.get(network) ?? 0) >= this.capacity.perNetwork + room.perNetwork) {
      return { reason: 'network_full', message: messages.tooManySocketsFromNetwork };
    }
    return null;
  }

  private networkOf(request: IncomingMessage): string {
    return this.networkKey.of(clientAddress(request, this.config.TRUST_PROXY), this.clock.now());
  }
}

/** A handshake's refusal, as socket.io hands it to the client's `connect_error`. */
export function handshakeRefused(message: string, statusCode: HandshakeRefusal['statusCode']): Error {
  return Object.assign(new Error(message), { data: { statusCode } satisfies HandshakeRefusal });
}
