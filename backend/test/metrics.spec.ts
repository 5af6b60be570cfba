import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rateLimits } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets, until } from '@secretchatbox/database/testing';
import { allProjections } from '@secretchatbox/projections';
import { parseSamples, type Sample, valueOf } from './support/metric-samples.js';
import { join, socketPool } from './support/sockets.js';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

const token = 'a-metrics-token-0123456789';

reportSkippedServerSuites('the metrics');

for (const target of testDatabaseTargets()) {
  describe(`metrics on ${target.name}`, () => {
    let t: TestApp;
    const sockets = socketPool();
    let networks = 0;
    // Each test from networks of its own (TRUST_PROXY=1), so that their limits do not meet.
    const fromNewNetwork = () => ({ 'x-forwarded-for': `10.7.0.${++networks}` });

    beforeAll(async () => {
      t = await startTestApp(target, { METRICS_TOKEN: token, TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      sockets.closeAll();
      await t.close();
    });

    const scrape = async () => {
      const answer = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseSamples(await answer.text());
    };
    const requests = (samples: readonly Sample[], method: string, route: string, status: number) =>
      valueOf(samples, 'scb_http_request_duration_seconds_count', { method, route, status_code: String(status) });

    it('times requests by route pattern and status, the feed answered ahead of its route included', async () => {
      const headers = fromNewNetwork();
      for (let i = 0; i < 2; i++) expect((await t.call('GET', '/api/colleges', { headers })).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect((await t.call('GET', '/api/confessions?collegeCode=C001', { headers })).status).toBe(200);
      }
      expect((await t.call('GET', `/api/confessions/${randomUUID()}`, { headers })).status).toBe(404);
      expect((await t.call('POST', `/api/no-such-route/${randomUUID()}`, { headers })).status).toBe(404);
      const samples = await scrape();
      expect(requests(samples, 'GET', '/api/colleges', 200)).toBe(2);
      expect(requests(samples, 'GET', '/api/confessions', 200)).toBe(3);
      expect(requests(samples, 'GET', '/api/confessions/:id', 404)).toBe(1);
      expect(requests(samples, 'POST', 'unmatched', 404)).toBe(1);
      // Never a raw URL: the series are as few as the routes.
      const routes = samples.filter((sample) => sample.name === 'scb_http_request_duration_seconds_count');
      expect(routes.every(({ labels }) => !/[0-9a-f]{8}-[0-9a-f]{4}-/.test(labels.route!))).toBe(true);
      expect(routes.every(({ labels }) => !labels.route!.includes('?'))).toBe(true);
      const slowest = valueOf(samples, 'scb_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/colleges',
        status_code: '200',
        le: '+Inf',
      });
      expect(slowest).toBe(2);
    });

    it('counts appends, and refusals by rate limits and by the failed sign-in throttle, by their bucket', async () => {
      const sessions = fromNewNetwork();
      for (let i = 0; i < rateLimits.sessionCreation.limit; i++) {
        expect((await t.call('POST', '/api/session', { headers: sessions })).status).toBe(201);
      }
      expect((await t.call('POST', '/api/session', { headers: sessions })).status).toBe(429);
      const logins = fromNewNetwork();
      const wrong = { username: chief.username, password: 'not the password' };
      const { limit } = rateLimits.failedLoginsPerUsernameAndNetwork;
      for (let i = 0; i < limit; i++) {
        expect((await t.call('POST', '/api/auth/login', { body: wrong, headers: logins })).status).toBe(401);
      }
      expect((await t.call('POST', '/api/auth/login', { body: wrong, headers: logins })).status).toBe(429);
      const samples = await scrape();
      const bucket = (name: string) => valueOf(samples, 'scb_rate_limit_refusals_total', { bucket: name });
      expect(bucket(rateLimits.sessionCreation.bucket)).toBe(1);
      expect(bucket(rateLimits.failedLoginsPerUsernameAndNetwork.bucket)).toBe(1);
      expect(valueOf(samples, 'scb_event_store_append_duration_seconds_count')).toBeGreaterThanOrEqual(
        rateLimits.sessionCreation.limit,
      );
    });

    it("reports every projection's checkpoint and lag, and the leases this instance holds", async () => {
      let samples: Sample[] = [];
      // The chain's writer and the projections take their leases on their own time, and catch up.
      await until(async () => {
        samples = await scrape();
        return (
          valueOf(samples, 'scb_lease_held', { lease: 'audit-chain' }) === 1 &&
          allProjections.every(({ name }) => valueOf(samples, 'scb_projection_lag_events', { projection: name }) === 0)
        );
      });
      for (const { name } of allProjections) {
        expect(valueOf(samples, 'scb_lease_held', { lease: `projection:${name}` })).toBe(1);
        expect(valueOf(samples, 'scb_lease_acquisitions_total', { lease: `projection:${name}` })).toBe(1);
        expect(valueOf(samples, 'scb_projection_lag_milliseconds', { projection: name })).toBe(0);
      }
      expect(valueOf(samples, 'scb_lease_acquisitions_total', { lease: 'audit-chain' })).toBe(1);
      expect(valueOf(samples, 'scb_projection_checkpoint_position', { projection: 'confessions' })).toBeGreaterThan(0);
      // Node's own, from the registry of this application.
      expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    });

    it("counts this instance's sockets and the chat rooms they are in", async () => {
      const [general] = (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body as { id: string }[];
      const reader = await sockets.connect(t.baseUrl);
      await sockets.connect(t.baseUrl);
      expect(await join(reader, general!.id)).toMatchObject({ ok: true });
      const samples = await scrape();
      expect(valueOf(samples, 'scb_socket_connections')).toBe(2);
      expect(valueOf(samples, 'scb_chat_rooms_joined')).toBe(1);
      sockets.closeAll();
      await until(async () => valueOf(await scrape(), 'scb_socket_connections') === 0);
      expect(valueOf(await scrape(), 'scb_chat_rooms_joined')).toBe(0);
    });

    it('answers only the bearer of METRICS_TOKEN, with 401 otherwise', async () => {
      const without = await fetch(`${t.baseUrl}/metrics`);
      expect(without.status).toBe(401);
      expect(without.headers.get('www-authenticate')).toBe('Bearer');
      const wrong = await fetch(`${t.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${token.slice(0, -1)}x` },
      });
      expect(wrong.status).toBe(401);
      const samples = await scrape();
      // Its own scrapes are timed like any request; the refused ones too.
      expect(requests(samples, 'GET', '/metrics', 401)).toBeGreaterThanOrEqual(2);
    });

    it('is left out of the OpenAPI document', async () => {
      const { status, body } = await t.call('GET', '/api/docs/openapi.json');
      expect(status).toBe(200);
      expect(Object.keys(body.paths).length).toBeGreaterThan(10);
      expect(Object.keys(body.paths)).not.toContain('/metrics');
      // The audit's own figures, an API endpoint, are not these.
      expect(Object.keys(body.paths).filter((path) => path.endsWith('/metrics'))).toEqual(['/api/audit/metrics']);
    });
  });
}
