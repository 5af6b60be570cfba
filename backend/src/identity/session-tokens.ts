import { createHash, randomBytes } from 'node:crypto';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, base64url: the secret a browser keeps and sends back. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(token: string): boolean {
  return tokenPattern.test(token);
}

/** What the server keeps of an admin session token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
