import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort } from './members.js';
import { startNodeProxy } from './node-proxy.js';

type Seen = { instance: string; method: string; body: string; forwardedFor: string | undefined; requestId: string };

/** An upstream that answers who it is and what it got, and echoes WebSocket messages with its name. */
async function upstream(instance: string, seen: Seen[]): Promise<{ server: Server; address: string }> {
  const server = createServer(async (request: IncomingMessage, answer) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    seen.push({
      instance,
      method: request.method!,
      body,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
      requestId: request.headers['x-request-id'] as string,
    });
    answer.writeHead(200, { 'content-type': 'text/plain' }).end(instance);
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`${instance}:${String(data)}`)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the Node proxy, the entry point where nginx is not installed', () => {
  const seen: Seen[] = [];
  const servers: Server[] = [];
  let proxy: { stop(): Promise<void> };
  let entry = '';

  beforeAll(async () => {
    const [first, second] = [await upstream('first', seen), await upstream('second', seen)];
    servers.push(first.server, second.server);
    const gone = `127.0.0.1:${await freePort()}`;
    const port = await freePort();
    proxy = await startNodeProxy({ host: '127.0.0.1', port, upstreams: [gone, first.address, second.address] });
    entry = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await proxy.stop();
    for (const server of servers) (server.closeAllConnections(), server.close());
  });

  it('passes requests on with their body, skipping an instance that refuses, and tells who called', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        fetch(`http://${entry}/api/thing`, {
          method: 'POST',
          body: `body ${n}`,
          headers: { 'x-forwarded-for': '10.0.0.9' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(seen.map((request) => request.instance))).toEqual(new Set(['first', 'second']));
    expect(seen.map((request) => request.body).sort()).toEqual(answers.map((_, n) => `body ${n}`));
    for (const request of seen) {
      expect(request.forwardedFor).toBe('10.0.0.9, 127.0.0.1');
      expect(request.requestId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('carries WebSocket upgrades both ways', async () => {
    const socket = new WebSocket(`ws://${entry}/socket.io/?EIO=4&transport=websocket`);
    await once(socket, 'open');
    const reply = once(socket, 'message');
    socket.send('hello');
    expect(String((await reply)[0])).toMatch(/^(first|second):hello$/);
    socket.close();
  });
});
