/** Header names shared by client and server. */
export const sessionHeader = 'x-session-token';
/**
 * A UUID the client picks once per user action and sends again with every retry of it: the
 * server answers a repeat as it answered the first and appends nothing more.
 */
export const idempotencyHeader = 'idempotency-key';
/**
 * Where the events of a request's write sit in the log (`commit/prepare`), answered by every
 * request that wrote something. A client that sends the newest one it received as
 * `readAfterHeader` reads its own writes through any instance of a cluster (docs/api.md).
 */
export const writePositionHeader = 'x-write-position';
export const readAfterHeader = 'x-read-after';

/** A write position in its text form, `commit/prepare`. */
export const writePositionPattern = /^(\d+)\/(\d+)$/;

/** The later of two write positions in their text form; one that is missing or not a position loses. */
export function laterWritePosition(a: string | undefined, b: string | undefined): string | undefined {
  const [pa, pb] = [positionParts(a), positionParts(b)];
  if (!pa || !pb) return pa ? a : pb ? b : undefined;
  return pa.commit > pb.commit || (pa.commit === pb.commit && pa.prepare >= pb.prepare) ? a : b;
}

function positionParts(text: string | undefined): { commit: bigint; prepare: bigint } | null {
  const match = text === undefined ? null : writePositionPattern.exec(text);
  return match ? { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) } : null;
}

/** The browser storage keys the product names (docs/product.md, Screens). */
export const storageKeys = {
  sessionToken: 'sessionToken',
  adminSessionToken: 'adminSessionToken',
  chatNickname: 'chatNickname',
  theme: 'theme',
  /** The newest received direct message the visitor has seen: the Messages badge counts those after it. */
  directMessagesSeen: 'directMessagesSeen',
  /** The code of the college whose board the visitor last chose. */
  chosenCollege: 'chosenCollege',
} as const;
