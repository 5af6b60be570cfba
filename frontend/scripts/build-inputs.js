// What the production build of the frontend is made of, and a hash of it: a build whose inputs
// have not changed since is not made again (`npm start` builds before every start).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const frontendDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = join(frontendDir, '..');
/** The frontend but its tests and outputs, the contracts it bundles from source, and the versions of every package. */
const buildInputs = [
  ...['index.html', 'package.json', 'tsconfig.json', 'vite.config.ts', 'public', 'scripts', 'src'].map((part) =>
    join(frontendDir, part),
  ),
  join(rootDir, 'packages/contracts/src'),
  join(rootDir, 'package-lock.json'),
];

/** A hash of every input file's path and content. */
export function buildInputsHash() {
  const hash = createHash('sha256');
  for (const input of buildInputs) {
    const files = statSync(input).isDirectory()
      ? readdirSync(input, { withFileTypes: true, recursive: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
          .sort()
      : [input];
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
