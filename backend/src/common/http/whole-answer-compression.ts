import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const threshold = 1024;
// API answers are small JSON: the fastest settings compress them nearly as well as the default ones.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const gzipOptions = { level: 1 };
const offeredEncodings: ('br' | 'gzip')[] = ['br', 'gzip'];
const compressibleType = /^(?:text\/(?!event-stream)|application\/(?:json|javascript)(?:;|$))/i;

/**
 * Compresses an answer given whole (a string or bytes, as every JSON answer is) in one
 * synchronous step, so that it leaves with its length, headers and body in one write. Answers
 * sent as streams (files) pass untouched, to the streaming compression their routes ask for.
 */
export function compressWholeAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  // Most answers are too small to compress: they are not even copied.
  if (typeof payload === 'string' && Buffer.byteLength(payload) < threshold) return done(null, payload);
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) return done(null, payload);
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const encoded = encodeWholeAnswer(request, reply, body);
  done(null, encoded === body ? payload : encoded);
}

/**
 * The bytes to send for a whole answer `body`: compressed when it is worth it and the client takes
 * it, with the headers that say so set on `reply`; otherwise `body` itself.
 */
export function encodeWholeAnswer(request: FastifyRequest, reply: FastifyReply, body: Uint8Array): Uint8Array {
  // Encoded already (an answer given again as it was stored): nothing to decide.
  if (reply.getHeader('Content-Encoding') !== undefined) return body;
  const method = body.length < threshold || !compressible(request, reply) ? false : acceptedEncoding(request);
  if (body.length >= threshold) vary(reply);
  if (!method) return body;
  const compressed = method === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, gzipOptions);
  reply.header('Content-Encoding', method);
  reply.header('Content-Length', compressed.length);
  return compressed;
}

function compressible(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.method !== 'HEAD' &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(reply.getHeader('Cache-Control') ?? '')) &&
    compressibleType.test(String(reply.getHeader('Content-Type') ?? ''))
  );
}

function vary(reply: FastifyReply): void {
  const current = String(reply.getHeader('Vary') ?? '');
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) {
    reply.header('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/** The encoding the client prefers among those offered here, brotli first when it takes both alike. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | false {
  return negotiate(String(request.headers['accept-encoding'] ?? ''), offeredEncodings) ?? false;
}
