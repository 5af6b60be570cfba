import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const threshold = 1024;
// API answers are small JSON: the fastest settings compress them nearly as well as the default ones.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const gzipOptions = { level: 1 };
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

/** Brotli whenever the client takes it, then gzip; an encoding refused with q=0 is not taken. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | false {
  const offered = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  if (takes(offered, 'br')) return 'br';
  return takes(offered, 'gzip') ? 'gzip' : false;
}

function takes(offered: string, encoding: string): boolean {
  for (const part of offered.split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (name !== encoding && name !== '*') continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
