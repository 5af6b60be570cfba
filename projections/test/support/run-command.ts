import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { compiledSource } from '../../../scripts/test/compiled-sources.js';

export type CommandRun = Readonly<{ code: number; stdout: string; stderr: string }>;

/**
 * `projections/src/cli/<command>.ts` as its own process, from the sources, in `cwd`, on the
 * storage `env` names: the storage settings of this process's environment are left out.
 */
export async function runCommand(command: string, env: Record<string, string>, cwd?: string): Promise<CommandRun> {
  const { DATABASE_URL, DATA_DIR, EVENTSTORE_CONNECTION_STRING, ...inherited } = process.env;
  const script = compiledSource(`projections/src/cli/${command}.ts`);
  return promisify(execFile)(process.execPath, [script], {
    env: { ...inherited, ...env },
    cwd,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: CommandRun) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
