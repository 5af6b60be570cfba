import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Metrics, unmatchedRoute } from '../../infrastructure/metrics.js';

/**
 * Times every answered request by its route's pattern (`/api/confessions/:id`), never its URL,
 * so the series stay as few as the routes: an `onResponse` hook, so that answers given ahead of
 * the route (the feed's, from an `onRequest` hook) count too. Fastify has timed the request
 * already (`elapsedTime`): this adds one histogram observation, and no timer.
 */
export function requestMetrics(metrics: Metrics) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const route = request.routeOptions.url ?? unmatchedRoute;
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}
