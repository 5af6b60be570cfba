import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requestIdHeader } from './request-ids.js';

// The built pages, whose inline scripts must run: the theme script that index.html applies
// before the first paint, and the scripts React's prerender leaves in the landing page.
const builtPages = ['index.html', 'app.html'];
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Every header the hook below may set, as the reply lists them. An answer kept to be sent again
 * leaves them out (stored-answers.ts): the hook has set them on the reply that sends it anyway, the
 * request's own id among them.
 */
export const securityHeaderNames: ReadonlySet<string> = new Set([
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'strict-transport-security',
  requestIdHeader,
]);

/** The security headers of every answer, by name; the request's id goes with them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers every answer carries, whoever sends it (Fastify, or socket.io: socket-io-headers.ts).
 * Browsers take HSTS only over HTTPS, which this server leaves to a proxy: it is sent only behind
 * one (`trustProxy` > 0).
 */
export function securityHeaderValues(dist: string, trustProxy: number): SecurityHeaders {
  return {
    'content-security-policy': [
      // Also the API's fetches and socket.io's WebSocket: 'self' matches ws: and wss: to the same host.
      "default-src 'self'",
      `script-src 'self' ${inlineScriptHashes(dist).join(' ')}`.trim(),
      // The prerendered landing page has style attributes, and the emoji picker adds a <style> element.
      "style-src 'self' 'unsafe-inline'",
      // The emoji picker's icons and those of Swagger UI's stylesheet are data: URLs.
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...(trustProxy > 0 ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/**
 * An onRequest hook that gives every answer the security headers, and the request's id as
 * `X-Request-Id` (which the idempotency guard changes for a write with a key).
 */
export function securityHeaders(headers: SecurityHeaders) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    reply.headers(headers).header(requestIdHeader, request.id);
    done();
  };
}

/**
 * The script-src hash source of every inline script of the built pages, read at start so that it
 * matches the build being served (an unbuilt frontend has none).
 */
function inlineScriptHashes(dist: string): string[] {
  const hashes = new Set<string>();
  for (const page of builtPages.map((name) => join(dist, name)).filter(existsSync)) {
    for (const [, attributes, body] of readFileSync(page, 'utf8').matchAll(inlineScript)) {
      if (/\ssrc\s*=/i.test(attributes!)) continue;
      // The browser hashes the script as its HTML parser reads it, line ends made \n.
      const source = body!.replace(/\r\n?/g, '\n');
      hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
    }
  }
  return [...hashes];
}
