import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { openDatabase } from '@secretchatbox/database';
import pg from 'pg';

/** The server to measure: the bench's own variable first, then the tests' one, then the local default. */
export function serverUrl() {
  return (
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

/**
 * Runs `work` against a database created for it and drops that database afterwards, also when
 * `work` throws or the process is interrupted, so no run leaves a scratch database behind.
 */
export async function withScratchDatabase(server, work) {
  const name = `scb_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const drop = () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const onSignal = (signal) => {
    void drop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    return await work(url.toString());
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await drop();
  }
}

/** The benchmark's own connections to the database at `url`, at most `maxConnections` of them. */
export function openBenchDatabase(url, maxConnections) {
  return openDatabase({ kind: 'postgres', connectionString: url, maxConnections, applicationName: 'scb-bench' });
}

/** The server's version and commit mode, and this machine's CPUs: the context of every figure. */
export async function describeServer(db) {
  const { rows } = await db.query(
    `SELECT split_part(version(), ' on ', 1) AS version, current_setting('synchronous_commit') AS synchronous_commit`,
  );
  return { version: rows[0].version, synchronousCommit: rows[0].synchronous_commit, cpus: availableParallelism() };
}

async function adminQuery(server, sql) {
  const client = new pg.Client({ connectionString: server, application_name: 'scb-bench:admin' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
