import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

export class DataDirectoryInUseError extends Error {
  override readonly name = 'DataDirectoryInUseError';
}

export type DataDirectoryLock = Readonly<{ release(): void }>;

/**
 * PGlite's files must have one writer: a second process opening them would corrupt them.
 *
 * The lock is the folder `<dataDir>.lock` with one empty file in it named after its holder,
 * `<pid>.<token>`. Each step that changes it is one call the file system makes atomic, so of
 * processes racing for it exactly one wins, also when a holder died and left it behind:
 * - a folder prepared with the holder's file is renamed onto the lock, which succeeds only while
 *   the lock is absent or empty;
 * - a dead holder's file is removed by its name, which empties the lock for that rename. Only one
 *   process removes it, and one late with the removal cannot remove a later holder's file, whose
 *   token differs.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  const lock = `${dataDir}.lock`;
  const holder = `${process.pid}.${randomBytes(8).toString('hex')}`;
  const prepared = `${lock}.${holder}`;
  mkdirSync(prepared);
  try {
    writeFileSync(join(prepared, holder), '');
    moveOnto(prepared, lock, dataDir);
  } finally {
    rmSync(prepared, { recursive: true, force: true });
  }
  return {
    release() {
      removeFile(join(lock, holder));
      removeEmptyFolder(lock);
    },
  };
}

/** Each turn finds the lock free, held, or left by a dead holder whose file it removes; a few turns suffice. */
function moveOnto(prepared: string, lock: string, dataDir: string): void {
  for (let turn = 0; turn < 4; turn++) {
    if (renamedOnto(prepared, lock)) return;
    const found = holderOf(lock);
    if (found && isAlive(found.pid)) {
      throw new DataDirectoryInUseError(`${dataDir} is in use by process ${found.pid}; stop it first`);
    }
    if (found) removeFile(found.path);
  }
  throw new DataDirectoryInUseError(`Could not lock ${dataDir}: if no process uses it, remove ${lock}`);
}

function renamedOnto(prepared: string, lock: string): boolean {
  try {
    renameSync(prepared, lock);
    return true;
  } catch (error) {
    // A lock with a holder (ENOTEMPTY or EEXIST), or the lock file of an earlier version (ENOTDIR).
    if (['ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(errorCode(error))) return false;
    throw error;
  }
}

/** The lock's holder, or null when it has none at this moment. */
function holderOf(lock: string): { pid: number; path: string } | null {
  try {
    const [name] = readdirSync(lock);
    return name === undefined ? null : { pid: Number.parseInt(name, 10), path: join(lock, name) };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    if (errorCode(error) === 'ENOTDIR') return earlierVersionHolderOf(lock);
    throw error;
  }
}

/** Earlier versions locked with a file holding the holder's pid; a folder in its place is a lock taken since. */
function earlierVersionHolderOf(lock: string): { pid: number; path: string } | null {
  try {
    return { pid: Number(readFileSync(lock, 'utf8')), path: lock };
  } catch (error) {
    if (['ENOENT', 'EISDIR'].includes(errorCode(error))) return null;
    throw error;
  }
}

/** Removes a file if it is still there; a folder in its place (a lock taken since) stays. */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!['ENOENT', 'EISDIR', 'EPERM'].includes(errorCode(error))) throw error;
  }
}

/** The lock, once released, unless another process has taken it since. */
function removeEmptyFolder(path: string): void {
  try {
    rmdirSync(path);
  } catch (error) {
    if (!['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes(errorCode(error))) throw error;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? '';
}
