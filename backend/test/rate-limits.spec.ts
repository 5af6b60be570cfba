import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages, rateLimits } from '@secretchatbox/contracts';
import { pgliteTarget } from '@secretchatbox/database/testing';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

describe('per-network rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pgliteTarget);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses session creation past the limit with 429 and Retry-After', async () => {
    for (let i = 0; i < rateLimits.sessionCreation.limit; i++) {
      expect((await t.call('POST', '/api/session')).status).toBe(201);
    }
    const refused = await t.call('POST', '/api/session');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: messages.tooManyRequests });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rateLimits.sessionCreation.windowSeconds);
  });

  it('refuses login attempts past the limit, even with the right password', async () => {
    for (let i = 0; i < rateLimits.login.limit; i++) {
      await t.call('POST', '/api/auth/login', { body: { username: chief.username, password: 'wrong password' } });
    }
    const refused = await t.call('POST', '/api/auth/login', { body: chief });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('leaves reads unlimited', async () => {
    for (let i = 0; i < 100; i++) expect((await t.call('GET', '/api/colleges')).status).toBe(200);
  });
});
