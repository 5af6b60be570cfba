import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Creates a folder and the folders above it that are missing. Node's own (`recursive: true`)
 * tries again forever, at full CPU, under a folder that exists and still answers "no such file"
 * for a new entry, as /proc does; here each folder is tried once.
 */
export function createFolder(path: string): void {
  const parent = dirname(path);
  if (parent !== path && !existsSync(parent)) createFolder(parent);
  try {
    mkdirSync(path);
  } catch (error) {
    // There already: made by a process starting at the same time, or a file, which is no place for files.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(path).isDirectory()) throw error;
  }
}
