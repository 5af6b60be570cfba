/** Header names shared by client and server. */
export const sessionHeader = 'x-session-token';
/**
 * A UUID the client picks once per user action and sends again with every retry of it: the
 * server answers a repeat as it answered the first and appends nothing more.
 */
export const idempotencyHeader = 'idempotency-key';
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
