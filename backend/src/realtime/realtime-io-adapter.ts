import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { Metrics } from '../infrastructure/metrics.js';
import type { Redis } from '../infrastructure/redis.js';
import { holdToEventBudget } from './event-budget.js';
import { listenToMessages } from './message-listeners.js';
import type { SocketAdmission } from './socket-admission.js';
import type { SocketIdentities } from './socket-identity.js';

/**
 * The largest message a client has reason to send (a pair message of 500 characters, as JSON,
 * with its event name), with room to spare; socket.io's own default is 1 MB.
 */
const maxMessageBytes = 16 * 1024;
/** A client connects its socket as soon as its connection opens; one that does not is closed. */
const connectTimeoutMs = 10_000;

/**
 * socket.io on the API's own port; in Redis mode its rooms span every instance, through the
 * official Redis adapter, so a push from one instance reaches the sockets of all. Every socket is
 * admitted under the instance's caps and held to its event budget before any gateway sees it.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis | null,
    private readonly admission: SocketAdmission,
    private readonly identities: SocketIdentities,
    private readonly metrics: Metrics,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const server = super.createIOServer(port, {
      ...options,
      allowRequest: this.admission.allowRequest,
      connectTimeout: connectTimeoutMs,
      maxHttpBufferSize: maxMessageBytes,
      // The frontend bundles socket.io's client: the server need not serve it.
      serveClient: false,
    } as ServerOptions) as Server;
    if (this.redis) {
      const { commands, subscriber, keyPrefix } = this.redis;
      server.adapter(createAdapter(commands, subscriber, { key: `${keyPrefix}:socket.io` }));
    }
    server.engine.on('connection', (connection: Parameters<SocketAdmission['opened']>[0]) =>
      this.admission.opened(connection),
    );
    server.use(this.admission.admit);
    server.use(this.identities.identify);
    server.on('connection', (socket) => holdToEventBudget(socket, this.metrics));
    return server;
  }

  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    answersOf: (result: unknown) => Observable<unknown>,
  ): void {
    listenToMessages(
      socket,
      handlers,
      answersOf,
      (payload) => this.mapPayload(payload),
      (error) => this.logger.error(error),
    );
  }
}
