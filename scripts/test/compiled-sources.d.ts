/** The plain ES module compiled from the workspace TypeScript file `source`, for `node` to run as it is. */
export function compiledSource(source: string): string;
