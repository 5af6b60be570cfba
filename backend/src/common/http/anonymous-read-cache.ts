import { sessionHeader } from '@secretchatbox/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GenerationCache, type ReadModelChanges } from '../../infrastructure/read-model-changes.js';

type Stored = Readonly<{ headers: Record<string, string | string[] | number>; body: Buffer }>;

export type AnonymousReadCacheOptions = Readonly<{
  /** The paths whose anonymous GETs are kept (the query string is part of the key). */
  paths: readonly string[];
  /** What empties the cache: any change to the read models. */
  changes: ReadModelChanges;
  maxAgeMs?: number;
  maxEntries?: number;
}>;

// Set per answer by Node or by the cache itself.
const unstoredHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * Whole answers (compressed as they were sent) to anonymous GETs of read-model pages, such as the
 * feed that every new visitor asks for, kept for one generation of the read models
 * (`ReadModelChanges`). Answers to a session (likes of its own) or to conditional requests are
 * never kept.
 */
export class AnonymousReadCache {
  private readonly answers: GenerationCache<Stored>;

  constructor(private readonly options: AnonymousReadCacheOptions) {
    this.answers = new GenerationCache(options.changes, {
      maxEntries: options.maxEntries ?? 1000,
      maxAgeMs: options.maxAgeMs ?? 1000,
    });
  }

  readonly middleware: RequestHandler = (request, response, next) => {
    if (!this.applies(request)) return next();
    const key = `${request.originalUrl}\n${request.headers['accept-encoding'] ?? ''}`;
    const stored = this.answers.get(key);
    if (stored) {
      response.writeHead(200, { ...stored.headers, 'content-length': stored.body.length });
      response.end(stored.body);
      return;
    }
    this.capture(key, response, next);
  };

  private applies(request: Request): boolean {
    const { changes, paths } = this.options;
    return (
      request.method === 'GET' &&
      paths.includes(request.path) &&
      request.headers[sessionHeader] === undefined &&
      request.headers['if-none-match'] === undefined &&
      request.headers['if-modified-since'] === undefined &&
      changes.seesEveryChange
    );
  }

  /** Keeps what the rest of the stack sends (after compression), if it is a 200 of this generation. */
  private capture(key: string, response: Response, next: NextFunction): void {
    const generation = this.answers.generation;
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response['write'];
    response.end = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') collect(chunk, rest[0]);
      const result = (end as (...args: unknown[]) => Response).call(response, chunk, ...rest);
      if (response.statusCode === 200) this.store(key, response, chunks, generation);
      return result;
    }) as Response['end'];
    next();
  }

  private store(key: string, response: Response, chunks: Buffer[], generation: number): void {
    const headers = Object.fromEntries(
      Object.entries(response.getHeaders()).filter(
        (entry): entry is [string, string | string[] | number] =>
          entry[1] !== undefined && !unstoredHeaders.has(entry[0]),
      ),
    );
    this.answers.set(key, { headers, body: Buffer.concat(chunks) }, generation);
  }
}
