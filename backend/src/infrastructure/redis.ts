import type { createClient } from 'redis';

const connectTimeoutMs = 5000;
const checkTimeoutMs = 1000;
const closeTimeoutMs = 2000;

function newClient(create: typeof createClient, url: string) {
  const client = create({
    url,
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
  });
  // A client without an error listener would take the process down on a dropped connection; it reconnects on its own.
  client.on('error', () => undefined);
  return client;
}

export type RedisClient = ReturnType<typeof newClient>;

/**
 * The Redis connections of one process, when `REDIS_URL` is set: one for commands and publishing,
 * one that socket.io's adapter subscribes with (a subscribing connection can do nothing else).
 * Every key this process writes starts with `keyPrefix`, so deployments (and test runs) that share
 * a Redis stay apart.
 */
export type Redis = Readonly<{
  commands: RedisClient;
  subscriber: RedisClient;
  keyPrefix: string;
  /** Rejects unless Redis answers now: for readiness, which must not wait for a reconnection. */
  check(): Promise<void>;
  close(): Promise<void>;
}>;

export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** Connects both clients, or stops the start with an error naming REDIS_URL. */
export async function connectRedis(url: string, keyPrefix: string): Promise<Redis> {
  // Loaded only here: the client takes a third of a second to load, which a start without Redis never needs.
  const { createClient: create } = await import('redis');
  const commands = newClient(create, url);
  try {
    await first(commands.connect(), connectTimeoutMs);
    await commands.ping();
  } catch (error) {
    await commands.destroy();
    throw new RedisUnavailableError(`REDIS_URL: cannot reach Redis at ${redacted(url)} (${(error as Error).message})`);
  }
  const subscriber = newClient(create, url);
  await subscriber.connect();
  return {
    commands,
    subscriber,
    keyPrefix,
    async check() {
      // A command sent while the connection is down waits in the client's queue until it is back.
      if (!commands.isReady || !subscriber.isReady) throw new Error('not connected');
      await first(commands.ping(), checkTimeoutMs);
    },
    async close() {
      // A graceful close waits for the commands still queued, and a queued command waits for a
      // connection that may never come back: past the bound, the connections are dropped.
      const graceful = Promise.allSettled([commands.close(), subscriber.close()]);
      await first(graceful, closeTimeoutMs).catch(() => {
        commands.destroy();
        subscriber.destroy();
      });
    },
  };
}

function first<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs).unref(),
    ),
  ]);
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an invalid URL';
  }
}
