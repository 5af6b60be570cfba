import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { Redis } from '../../infrastructure/redis.js';

/**
 * socket.io on the API's own port; in Redis mode its rooms span every instance, through the
 * official Redis adapter, so a push from one instance reaches the sockets of all.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis | null,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    if (this.redis) {
      const { commands, subscriber, keyPrefix } = this.redis;
      server.adapter(createAdapter(commands, subscriber, { key: `${keyPrefix}:socket.io` }));
    }
    return server;
  }
}
