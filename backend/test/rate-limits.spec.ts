import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages, rateLimits } from '@secretchatbox/contracts';
import { quickestTarget, reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

describe('per-network rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(quickestTarget());
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
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: messages.tooManyRequests,
      code: 'rate_limited',
    });
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

reportSkippedServerSuites("the network's daily cap");

for (const target of testDatabaseTargets()) {
  describe(`the network's daily cap on ${target.name}`, () => {
    let t: TestApp;
    // 23:50 UTC on 25 November is 05:20 on the 26th in Kolkata, whose quota day ends at 18:30 UTC.
    let now = new Date('2026-11-25T23:50:00Z');
    beforeAll(async () => {
      const env = { QUOTA_TIMEZONE: 'Asia/Kolkata', NETWORK_CONFESSION_LIMIT: '2' };
      t = await startTestApp(target, env, { now: () => now });
    });
    afterAll(async () => {
      await t.close();
    });

    const visitor = async () => (await t.call('POST', '/api/session')).body.sessionToken as string;
    const submit = (token: string) =>
      t.call('POST', '/api/confessions', {
        token,
        body: { content: `A confession near midnight ${randomUUID()}`, category: 'secrets', collegeCode: 'C001' },
      });

    it('lasts the whole quota day of QUOTA_TIMEZONE, across the UTC midnight', async () => {
      const first = await visitor();
      expect((await submit(first)).status).toBe(201);
      expect((await submit(first)).status).toBe(201);
      expect((await submit(await visitor())).status).toBe(429);

      now = new Date('2026-11-26T00:10:00Z');
      const refused = await submit(await visitor());
      expect(refused).toMatchObject({ status: 429, body: { message: messages.networkLimitReached } });
      expect(Number(refused.headers.get('retry-after'))).toBe((18 * 60 + 20) * 60);

      now = new Date('2026-11-26T18:30:00Z');
      expect((await submit(await visitor())).status).toBe(201);
    });
  });
}
