import type { IncomingMessage } from 'node:http';

/**
 * The caller's address as the HTTP side sees it (Fastify's `trustProxy: hop < trustProxy`): the
 * connection's own address, or behind `trustProxy` trusted proxies the address the outermost of
 * them appended to X-Forwarded-For. A socket's handshake is not a Fastify request, so the same
 * rule is applied here to keep one network identity for limits on both.
 */
export function clientAddress(request: IncomingMessage, trustProxy: number): string {
  const own = request.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return own;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
    .reverse();
  const hops = [own, ...forwarded];
  return hops[Math.min(trustProxy, hops.length - 1)]!;
}
