import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { serverNodeFlags } from '../cluster/node-flags.js';

/**
 * The server (app-server.js) as its own process on a free port, with `env` on top of this
 * process's environment; stopped by disconnecting from it. With BENCH_PROFILE_DIR set, it writes a
 * V8 CPU profile of its whole run there.
 */
export async function startServer(env) {
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const child = fork(new URL('./app-server.js', import.meta.url), {
    env: { ...process.env, ...env },
    // gc(): a measurement of what the server holds, not of the garbage it has yet to collect.
    execArgv: [
      '--expose-gc',
      ...serverNodeFlags,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The server exited with code ${code} before it listened`);
  });
  const [{ port }] = await Promise.race([once(child, 'message'), exited]);
  exited.catch(() => undefined);
  return {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    /** Has the server collect its garbage, twice (what a first pass frees may hold more), and resolves once it has. */
    async gc() {
      child.send('gc');
      await once(child, 'message');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      await once(child, 'exit');
    },
  };
}

/**
 * The environment of a measured server on the scratch database `url`, events in PostgreSQL; with
 * `redis`, in Redis mode (BENCH_REDIS_URL, else TEST_REDIS_URL, else the local Redis) under a key
 * prefix of its own.
 */
export function serverEnv(url, { poolSize, logLevel }, { redis = false } = {}) {
  return {
    DATABASE_URL: url,
    EVENTSTORE_CONNECTION_STRING: '',
    DATABASE_POOL_SIZE: String(poolSize),
    LOG_LEVEL: logLevel,
    // The bench's sockets all come from this machine's one address; the caps have a test of their own.
    SOCKETS_PER_NETWORK: '100000',
    ...(redis && {
      REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    }),
  };
}
