import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, messages } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { allProjections } from '@secretchatbox/projections';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Draining } from '../src/infrastructure/draining.js';

reportSkippedServerSuites('the HTTP platform tests');

for (const target of testDatabaseTargets()) {
  describe(`platform over HTTP on ${target.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    describe('colleges and rooms', () => {
      it('seeds four demo colleges, C001 to C004', async () => {
        const { status, body } = await t.call('GET', '/api/colleges');
        expect(status).toBe(200);
        expect(body.map((college: { code: string }) => college.code)).toEqual(['C001', 'C002', 'C003', 'C004']);
        for (const college of body) expect(Object.keys(college).sort()).toEqual(['code', 'id', 'name']);
      });

      it('gives every college a General Chat room first and two more', async () => {
        for (const code of ['C001', 'C002', 'C003', 'C004']) {
          const { body } = await t.call('GET', `/api/chat/rooms?collegeCode=${code}`);
          expect(body).toHaveLength(3);
          expect(body[0].name).toBe('General Chat');
          expect(body.every((room: { collegeCode: string }) => room.collegeCode === code)).toBe(true);
        }
        expect((await t.call('GET', '/api/chat/rooms')).body).toHaveLength(12);
        expect((await t.call('GET', '/api/chat/rooms?collegeCode=NOPE')).body).toEqual([]);
      });

      it('refuses unknown query parameters', async () => {
        const { status, body } = await t.call('GET', '/api/chat/rooms?college=C001');
        expect(status).toBe(400);
        expect(body.fields).toEqual({ college: messages.unknownField });
      });

      it('seeds only once, however often the server starts', async () => {
        const { rows } = await t.storage.db.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM event_store.events WHERE type = 'CollegeRegistered'",
        );
        expect(Number(rows[0]!.n)).toBe(4);
      });
    });

    describe('visitor sessions', () => {
      it('creates a session the caller can read back at once', async () => {
        for (let i = 0; i < 10; i++) {
          const created = await t.call('POST', '/api/session', { body: {} });
          expect(created.status).toBe(201);
          expect(created.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
          const read = await t.call('GET', '/api/session', { token: created.body.sessionToken });
          expect(read.status).toBe(200);
          expect(read.body).toEqual({ sessionId: created.body.sessionId, collegeCode: null, nickname: null });
        }
      });

      it('accepts a POST without a body', async () => {
        expect((await t.call('POST', '/api/session')).status).toBe(201);
      });

      it('stores neither the token nor anything the client chose', async () => {
        const { body } = await t.call('POST', '/api/session', { body: {} });
        const { rows } = await t.storage.db.query(
          "SELECT 1 FROM event_store.events WHERE data::text LIKE '%' || $1 || '%' OR metadata::text LIKE '%' || $1 || '%'",
          [body.sessionToken],
        );
        expect(rows).toHaveLength(0);
        const refused = await t.call('POST', '/api/session', { body: { sessionId: 'mine' } });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: messages.unknownField,
          code: 'validation_failed',
          fields: { sessionId: messages.unknownField },
        });
      });

      it('answers 401 for a missing, malformed or unknown token', async () => {
        expect((await t.call('GET', '/api/session')).body).toMatchObject({
          statusCode: 401,
          message: messages.sessionRequired,
        });
        for (const token of ['short', 'x'.repeat(43), "' OR 1=1 --"]) {
          const { status, body } = await t.call('GET', '/api/session', { token });
          expect(status).toBe(401);
          expect(body.message).toBe(messages.sessionInvalid);
        }
      });
    });

    describe('daily limit', () => {
      it('reports the full allowance to a new visitor and to one without a session', async () => {
        const { body: session } = await t.call('POST', '/api/session', { body: {} });
        for (const token of [session.sessionToken, undefined]) {
          const { status, body } = await t.call('GET', '/api/daily-limit', { token });
          expect(status).toBe(200);
          expect(body).toMatchObject({
            remaining: 5,
            used: 0,
            limit: 5,
            chat: { remaining: 200, used: 0, limit: 200 },
          });
          const resetsAt = new Date(body.resetsAt);
          expect(resetsAt.getUTCHours()).toBe(0);
          expect(resetsAt.getTime() - Date.now()).toBeGreaterThan(0);
          expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
        }
        expect((await t.call('GET', '/api/daily-limit', { token: 'bad' })).status).toBe(401);
      });
    });

    describe('admin sign-in', () => {
      it('signs the bootstrapped chief in, tells who it is, and signs out', async () => {
        const login = await t.call('POST', '/api/auth/login', {
          body: { username: 'chief-test', password: 'correct horse battery' },
        });
        expect(login.status).toBe(200);
        expect(login.body.user).toMatchObject({
          username: 'chief-test',
          role: 'chief',
          collegeCode: null,
          collegeId: null,
        });
        expect(JSON.stringify(login.body)).not.toMatch(/argon2|password/i);
        const token = login.body.sessionToken;
        const me = await t.call('GET', '/api/auth/me', { token });
        expect(me.status).toBe(200);
        expect(me.body).toEqual(login.body.user);
        expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(200);
        const after = await t.call('GET', '/api/auth/me', { token });
        expect(after.status).toBe(401);
        expect(after.body.message).toBe(messages.adminSessionInvalid);
      });

      it('keeps only hashes of passwords and session tokens', async () => {
        const login = await t.call('POST', '/api/auth/login', {
          body: { username: 'CHIEF-TEST', password: 'correct horse battery' },
        });
        expect(login.status).toBe(200);
        const { rows } = await t.storage.db.query<{ text: string }>(
          'SELECT data::text AS text FROM event_store.events UNION ALL SELECT password_hash FROM public.admin_credentials',
        );
        const everything = rows.map((row) => row.text).join('\n');
        expect(everything).not.toContain('correct horse battery');
        expect(everything).not.toContain(login.body.sessionToken);
        expect(everything).toContain('$argon2id$');
      });

      it('answers one generic 401 for a wrong password or an unknown user', async () => {
        for (const body of [
          { username: 'chief-test', password: 'wrong password!' },
          { username: 'nobody', password: 'whatever password' },
        ]) {
          const { status, body: answer } = await t.call('POST', '/api/auth/login', { body });
          expect(status).toBe(401);
          expect(answer.message).toBe(messages.loginFailed);
        }
      });

      it('refuses incomplete or unexpected login bodies with 400', async () => {
        expect(
          (await t.call('POST', '/api/auth/login', { body: { username: 'chief-test' } })).body.fields,
        ).toHaveProperty('password');
        expect(
          (await t.call('POST', '/api/auth/login', { body: { username: 'a', password: 'b', role: 'chief' } })).body
            .fields,
        ).toEqual({
          role: messages.unknownField,
        });
      });

      it('requires an admin session for me and logout', async () => {
        expect((await t.call('GET', '/api/auth/me')).status).toBe(401);
        expect((await t.call('POST', '/api/auth/logout')).status).toBe(401);
        const visitor = await t.call('POST', '/api/session', { body: {} });
        expect((await t.call('GET', '/api/auth/me', { token: visitor.body.sessionToken })).status).toBe(401);
      });
    });

    describe('errors, health and docs', () => {
      it('answers unknown API paths and bad JSON in the uniform format', async () => {
        expect(await t.call('GET', '/api/nothing/here')).toMatchObject({
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: messages.routeNotFound, code: 'not_found' },
        });
        expect((await t.call('DELETE', '/api/colleges')).status).toBe(404);
        expect((await t.call('POST', '/api/session', { raw: '{not json' })).body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: messages.invalidJson,
          code: 'bad_request',
        });
        expect((await t.call('POST', '/api/session', { raw: '[1,2]' })).body.message).toBe(messages.bodyMustBeObject);
        expect(
          (await t.call('POST', '/api/session', { raw: JSON.stringify({ big: 'x'.repeat(70000) }) })).body,
        ).toMatchObject({
          statusCode: 413,
          code: 'payload_too_large',
        });
      });

      it('routes every endpoint of the shared contract', async () => {
        for (const endpoint of Object.values(endpoints)) {
          const path = endpoint.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
          const { body } = await t.call(endpoint.method, path, endpoint.method === 'GET' ? {} : { body: {} });
          expect({ endpoint: endpoint.path, message: body.message }).not.toEqual({
            endpoint: endpoint.path,
            message: messages.routeNotFound,
          });
        }
      });

      it('reports liveness and readiness', async () => {
        expect(await t.call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
        const ready = await t.call('GET', '/health/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.checks.eventStore.ok).toBe(true);
        // Redis is checked in Redis mode only (redis-readiness.spec.ts).
        expect(ready.body.checks).not.toHaveProperty('redis');
        expect(Object.keys(ready.body.checks.projections.lagMs).sort()).toEqual(
          allProjections.map((p) => p.name).sort(),
        );
      });

      it('fails readiness from the first moment of draining, while it still answers, closing each connection', async () => {
        const draining = await startTestApp(target);
        try {
          expect((await draining.call('GET', '/api/colleges')).headers.get('connection')).toBe('keep-alive');
          draining.app.get(Draining).begin();
          const ready = await draining.call('GET', '/health/ready');
          expect(ready).toMatchObject({ status: 503, body: { status: 'draining' } });
          const answer = await draining.call('GET', '/api/colleges');
          expect(answer.status).toBe(200);
          expect(answer.headers.get('connection')).toBe('close');
        } finally {
          await draining.close();
        }
      });

      it('says that the frontend is not built when its folder holds no pages, and still answers the API', async () => {
        const empty = mkdtempSync(join(tmpdir(), 'scb-no-frontend-'));
        const unbuilt = await startTestApp(target, { FRONTEND_DIST: empty });
        try {
          for (const page of ['/', '/chat']) {
            const answer = await fetch(`${unbuilt.baseUrl}${page}`);
            expect(answer.status).toBe(503);
            expect(await answer.text()).toContain('npm run build');
          }
          expect((await fetch(`${unbuilt.baseUrl}/assets/missing.js`)).status).toBe(404);
          expect((await unbuilt.call('GET', '/api/colleges')).status).toBe(200);
        } finally {
          await unbuilt.close();
          rmSync(empty, { recursive: true, force: true });
        }
      });

      it('publishes an OpenAPI document of every endpoint and a docs page', async () => {
        const { body } = await t.call('GET', '/api/docs/openapi.json');
        const declared = Object.values(endpoints).map((endpoint) => endpoint.path.replace(/:(\w+)/g, '{$1}'));
        expect(Object.keys(body.paths).sort()).toEqual([...new Set(declared)].sort());
        for (const endpoint of Object.values(endpoints)) {
          expect(body.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]).toHaveProperty(endpoint.method.toLowerCase());
        }
        expect(
          body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
        ).toHaveProperty('college_id');
        for (const endpoint of Object.values(endpoints)) {
          const operation = body.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')][endpoint.method.toLowerCase()];
          const mediaType = 'produces' in endpoint ? endpoint.produces[0] : 'application/json';
          expect(operation.responses[endpoint.status].content[mediaType].schema).toBeDefined();
        }
        const like = body.paths['/api/confessions/{id}/like'].post.responses[200].content['application/json'].schema;
        expect(like).toMatchObject({ required: ['liked', 'likes'], additionalProperties: false });
        for (const endpoint of Object.values(endpoints).filter((candidate) => candidate.method !== 'GET')) {
          const operation = body.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')][endpoint.method.toLowerCase()];
          expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toContain(
            'idempotency-key',
          );
          expect(operation.responses).toHaveProperty('202');
        }
        const page = await t.call('GET', '/api/docs');
        expect(page.status).toBe(200);
        expect(page.body).toContain('swagger-ui');
        expect((await fetch(`${t.baseUrl}/api/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
      });
    });
  });
}
