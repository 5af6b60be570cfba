import { ConfigError, parseEnvironment } from '../environment.js';
import { openStorage, type Storage, StorageSettingError, storageConfigSchema } from '../storage.js';

/** The exit code of a command that could not read the store (README, docs/audit.md). */
export const storeUnreadable = 2;

/**
 * The storage the environment names, opened as a command that reads the log opens it: creating
 * nothing. When it cannot be opened the process ends with one line saying why, which names the
 * variable to fix where one is at fault, and exit code 2.
 */
export async function openExistingStorageOrExit(applicationName: string): Promise<Storage> {
  try {
    return await openStorage(parseEnvironment(storageConfigSchema, process.env), applicationName, 'existing');
  } catch (error) {
    const named = error instanceof ConfigError || error instanceof StorageSettingError;
    process.stderr.write(`${named ? error.message : `Could not open the store: ${(error as Error).message}`}\n`);
    process.exit(storeUnreadable);
  }
}
