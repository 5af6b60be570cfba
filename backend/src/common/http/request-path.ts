import type { FastifyRequest } from 'fastify';

/** The path a request asked for, without its query string (Fastify keeps only the whole URL). */
export function requestPath(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query < 0 ? request.url : request.url.slice(0, query);
}
