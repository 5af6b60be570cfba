import { createHash } from 'node:crypto';

// The statements are the program's own, a few dozen texts: each is hashed once, not per query.
const digests = new Map<string, string>();

/** A short name-safe digest of a statement's text, for naming it as a prepared statement. */
export function statementDigest(sql: string): string {
  let digest = digests.get(sql);
  if (!digest) {
    digest = createHash('sha1').update(sql).digest('hex').slice(0, 20);
    digests.set(sql, digest);
  }
  return digest;
}
