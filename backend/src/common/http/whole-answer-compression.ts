import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

const threshold = 1024;
// API answers are small JSON: the fastest settings compress them nearly as well as the default ones.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const gzipOptions = { level: 1 };

/**
 * Compresses an answer given whole (`res.end` with its body, as `res.json` and `res.send` do) in
 * one synchronous step and sends it with its length, so headers and body leave in one write.
 * The streaming `compression` middleware would send the same answer chunked, in two writes,
 * after a round trip through the thread pool. Answers written piece by piece pass untouched, to
 * that middleware where it also runs (registered before this one), as it does for files.
 */
export const compressWholeAnswers: RequestHandler = (request, response, next) => {
  const { write, end } = response;
  response.write = function (this: Response, ...args: unknown[]) {
    response.write = write;
    response.end = end;
    return (write as (...args: unknown[]) => boolean).apply(this, args);
  } as Response['write'];
  response.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    response.write = write;
    response.end = end;
    const send = (body: unknown, ...rest: unknown[]) =>
      (end as (...args: unknown[]) => Response).call(this, body, ...rest);
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return send(chunk, encoding, callback);
    const body = typeof chunk === 'string' ? Buffer.from(chunk, encoding as BufferEncoding | undefined) : chunk;
    const encoded = encodeWholeAnswer(request, response, body);
    if (encoded === body) return send(chunk, encoding, callback);
    return send(encoded, typeof encoding === 'function' ? encoding : callback);
  } as Response['end'];
  next();
};

/**
 * The bytes to send for a whole answer `body`: compressed when it is worth it and the client takes
 * it, with the headers that say so set on `response`; otherwise `body` itself.
 */
export function encodeWholeAnswer(request: Request, response: Response, body: Uint8Array): Uint8Array {
  // Sent with its headers already (an answer given again as it was stored): nothing to decide.
  if (response.headersSent) return body;
  const method = body.length < threshold || !compressible(response) ? false : acceptedEncoding(request);
  if (body.length >= threshold) response.vary('Accept-Encoding');
  if (!method) return body;
  const compressed = method === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, gzipOptions);
  response.setHeader('Content-Encoding', method);
  response.setHeader('Content-Length', compressed.length);
  return compressed;
}

function compressible(response: Response): boolean {
  return (
    response.req.method !== 'HEAD' &&
    response.getHeader('Content-Encoding') === undefined &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(response.getHeader('Cache-Control') ?? '')) &&
    compression.filter(response.req, response)
  );
}

/** As the `compression` middleware negotiates: brotli whenever the client takes it. */
function acceptedEncoding(request: Request): 'br' | 'gzip' | false {
  if (request.acceptsEncodings('br')) return 'br';
  return request.acceptsEncodings('gzip') ? 'gzip' : false;
}
