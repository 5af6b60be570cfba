import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import send, { type SendOptions } from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath } from '@secretchatbox/contracts';
import { requestPath } from './request-path.js';

const serverPaths = /^\/(api|health|socket\.io)(\/|$)/;
// Only what our docs page loads: the package's own index.html would load a remote example document.
const swaggerAssets = ['swagger-ui.css', 'swagger-ui-bundle.js'];

/**
 * Swagger UI's files for the API docs page, and the built frontend: static files; for page paths,
 * the prerendered landing page at / and the empty shell (app.html) elsewhere, so the client router
 * takes over (with status 404 for a path that is no page, where it shows its 404 page).
 * Vite names built assets by content hash, so they never change and may be cached for good.
 * An unknown server path (under /api, say) is the API's 404, never a page.
 */
export function serveFiles(server: FastifyInstance, dist: string): void {
  // The package's folder, found without loading it: its main module loads all of Swagger UI.
  const swaggerRoot = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  // Files are sent as streams, which the streaming compression takes (`compress`).
  for (const file of swaggerAssets) {
    server.get(`/api/docs/assets/${file}`, { compress: {} }, (request, reply) =>
      sendFile(request, reply, `/${file}`, { root: swaggerRoot }),
    );
  }
  server.get('/*', { compress: {} }, async (request, reply) => {
    const path = requestPath(request);
    if (serverPaths.test(path)) return notFound(reply);
    // A path with an extension is a file, and a missing one a 404, not the app's page.
    if (/\.\w+$/.test(path)) {
      const caching = path.startsWith('/assets/') ? { immutable: true, maxAge: '365d' } : { maxAge: '1h' };
      return sendFile(request, reply, path, { root: dist, index: false, ...caching });
    }
    const page = path === '/' ? '/index.html' : '/app.html';
    void reply.header('Cache-Control', 'no-cache');
    // An unknown page is the app's 404 page, answered 404.
    const status = isPagePath(path) ? 200 : 404;
    return sendFile(request, reply, page, { root: dist, cacheControl: false }, notBuilt, status);
  });
}

/** The server's own 404 answer, the one unknown routes get. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** Without the built frontend, a page cannot be served at all. */
const notBuilt = (reply: FastifyReply) =>
  reply.code(503).type('text/plain').send('The frontend is not built yet: run `npm run build`.');

/**
 * The file at the (URL-encoded) `path` under `options.root`, or `missing` (the server's 404) when
 * there is none; `found` is the status of a whole file sent (a page's 404).
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  options: SendOptions,
  missing: (reply: FastifyReply) => FastifyReply = notFound,
  found = 200,
): Promise<FastifyReply> {
  const { statusCode, headers, stream, type } = await send(request.raw, path, options);
  if (type === 'error' && statusCode === 404) return missing(reply);
  return reply
    .code(statusCode === 200 ? found : statusCode)
    .headers(headers)
    .send(stream);
}
