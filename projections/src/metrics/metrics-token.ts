import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** METRICS_TOKEN, for the API and the worker alike: unset, `/metrics` is open to whoever reaches it. */
export const metricsTokenSchema = z.string().min(16, 'must be at least 16 characters');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds, its length included.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
