/** Header names shared by client and server. */
export const sessionHeader = 'x-session-token';
/** Storage keys of product spec section 3. */
export const storageKeys = {
  sessionToken: 'sessionToken',
  adminSessionToken: 'adminSessionToken',
  chatNickname: 'chatNickname',
  theme: 'theme',
} as const;
