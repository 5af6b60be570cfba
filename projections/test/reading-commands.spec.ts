import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postgresTarget, type TestDatabaseTarget } from '@secretchatbox/database/testing';
import { allProjections, openStorage, storageConfigSchema } from '../src/index.js';
import { seededDataDir } from '../src/testing/index.js';
import { runCommand } from './support/run-command.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] the reading commands on a PostgreSQL server: TEST_DATABASE_URL is not set.');

const readingCommands = ['audit-verify', 'rebuild'];

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `url` with its user or database replaced. */
function withUrl(url: string, change: (url: URL) => void): string {
  const changed = new URL(url);
  change(changed);
  return changed.toString();
}

describe('the commands that read the log (audit:verify, projections:rebuild)', () => {
  let cwd: string;
  let emptyDatabase: Awaited<ReturnType<TestDatabaseTarget['create']>> | null = null;
  const schemasOfEmptyDatabase = async () =>
    (
      await emptyDatabase!.db.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname IN ('event_store', 'read_model')
         UNION ALL SELECT 'public.schema_migrations' WHERE to_regclass('public.schema_migrations') IS NOT NULL`,
      )
    ).rows;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'scb-reading-'));
    writeFileSync(join(cwd, 'a-file'), '');
    if (serverUrl) emptyDatabase = await postgresTarget(serverUrl).create();
  });
  afterAll(async () => {
    rmSync(cwd, { recursive: true, force: true });
    await emptyDatabase?.dispose();
  });

  const cases: [string, () => Promise<Record<string, string>>, RegExp][] = [
    [
      'a garbage URL',
      async () => ({ DATABASE_URL: 'garbage' }),
      /^Invalid configuration: DATABASE_URL: must be a postgres:\/\/ URL$/,
    ],
    [
      'a mysql:// URL',
      async () => ({ DATABASE_URL: 'mysql://root@127.0.0.1/db' }),
      /^Invalid configuration: DATABASE_URL: must be a postgres:\/\/ URL$/,
    ],
    [
      'a closed port',
      async () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/db` }),
      /^DATABASE_URL cannot be used: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    ],
    [
      'a DATA_DIR that is a file',
      async () => ({ DATA_DIR: 'a-file' }),
      /^DATA_DIR \S+a-file cannot be used: ENOTDIR: not a directory/,
    ],
    [
      'no configuration',
      async () => ({}),
      /^DATA_DIR \S+\/data: no event store there \(the server creates one at its first start\)$/,
    ],
    [
      'a bad EVENTSTORE_CONNECTION_STRING',
      async () => ({ EVENTSTORE_CONNECTION_STRING: 'mysql://root@127.0.0.1' }),
      /^Invalid configuration: EVENTSTORE_CONNECTION_STRING: must be an esdb:\/\/ or kurrentdb:\/\/ connection string$/,
    ],
  ];
  if (serverUrl) {
    cases.push(
      [
        'a missing database',
        async () => ({ DATABASE_URL: withUrl(serverUrl, (url) => (url.pathname = '/scb_no_such_database')) }),
        /^DATABASE_URL cannot be used: database "scb_no_such_database" does not exist$/,
      ],
      [
        'a wrong user',
        async () => ({ DATABASE_URL: withUrl(serverUrl, (url) => (url.username = 'scb_no_such_user')) }),
        /^DATABASE_URL cannot be used: .*"scb_no_such_user"/,
      ],
      [
        'an empty PostgreSQL database',
        async () => ({ DATABASE_URL: emptyDatabase!.connectionString! }),
        /^DATABASE_URL: no event store there \(the server creates one at its first start\)$/,
      ],
    );
  }

  it.each(cases)(
    'given %s, say so in one line naming the variable, exit 2 and create nothing',
    async (_case, env, line) => {
      const settings = await env();
      for (const run of await Promise.all(readingCommands.map((command) => runCommand(command, settings, cwd)))) {
        expect(run).toMatchObject({ code: 2, stdout: '' });
        expect(run.stderr).toMatch(/^[^\n]*\n$/);
        expect(run.stderr.trimEnd()).toMatch(line);
      }
      expect(readdirSync(cwd)).toEqual(['a-file']);
      if (emptyDatabase) expect(await schemasOfEmptyDatabase()).toEqual([]);
    },
  );

  describe('on a store that exists', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await seededDataDir(cwd);
      await (await openStorage(storageConfigSchema.parse({ DATA_DIR: dataDir }), 'reading-commands-test')).close();
    });

    // One after the other: one process at a time may open a data folder.
    it('verifies its chain', async () => {
      expect(await runCommand('audit-verify', { DATA_DIR: dataDir })).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^chain intact: 0 links/),
      });
    });

    it('rebuilds its read models', async () => {
      expect(await runCommand('rebuild', { DATA_DIR: dataDir })).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(`^Rebuilt ${allProjections.length} projections from 0 events`),
      });
    });
  });
});
