/** The plain ES module compiled from the workspace TypeScript file `source` (its path from the repository's root), for `node` to run as it is. */
export function compiledSource(source: string): string;
