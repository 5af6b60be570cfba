import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';

/**
 * The fallback entry point where nginx is not installed: what deploy/nginx.conf does, in the
 * least that the cluster needs. Requests and WebSocket upgrades go to the instance with the
 * fewest open ones; one whose connection is refused goes to the next instance. Not for production.
 */
export async function startNodeProxy({ host, port, upstreams }) {
  const open = new Map(upstreams.map((address) => [address, 0]));
  const byLoad = () => [...open.keys()].sort((a, b) => open.get(a) - open.get(b));
  const track = (address, socket) => {
    open.set(address, open.get(address) + 1);
    socket.once('close', () => open.set(address, open.get(address) - 1));
  };
  const forwardedHeaders = (incoming) => ({
    ...incoming.headers,
    'x-forwarded-for': [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', '),
    'x-request-id': randomBytes(16).toString('hex'),
  });

  const server = createServer(async (incoming, outgoing) => {
    const body = [];
    for await (const chunk of incoming) body.push(chunk);
    const tryFrom = (candidates) => {
      const [address, ...rest] = candidates;
      if (!address) return void outgoing.writeHead(502).end();
      const [hostname, upstreamPort] = address.split(':');
      const forwarded = request(
        {
          hostname,
          port: upstreamPort,
          method: incoming.method,
          path: incoming.url,
          headers: forwardedHeaders(incoming),
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.once('socket', (socket) => track(address, socket));
      forwarded.once('error', (error) => (error.code === 'ECONNREFUSED' ? tryFrom(rest) : outgoing.destroy()));
      forwarded.end(Buffer.concat(body));
    };
    tryFrom(byLoad());
  });

  server.on('upgrade', (incoming, client, head) => {
    const tryFrom = (candidates) => {
      const [address, ...rest] = candidates;
      if (!address) return void client.destroy();
      const [hostname, upstreamPort] = address.split(':');
      const upstream = connect(Number(upstreamPort), hostname);
      upstream.once('error', (error) => (error.code === 'ECONNREFUSED' ? tryFrom(rest) : client.destroy()));
      upstream.once('connect', () => {
        track(address, upstream);
        const headers = Object.entries(forwardedHeaders(incoming)).map(([name, value]) => `${name}: ${value}\r\n`);
        upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('')}\r\n`);
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
      });
    };
    tryFrom(byLoad());
  });

  server.listen(port, host);
  await once(server, 'listening');
  return {
    kind: 'node-proxy',
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
