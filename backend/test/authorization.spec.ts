import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { quickestTarget } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Fixtures = Awaited<ReturnType<typeof moderationFixtures>>;
type Caller = 'anonymous' | 'visitor' | 'normalOfC002' | 'normal' | 'college' | 'chief' | 'auditor';
type Request = { method: string; path: string; body?: unknown };

const callers: Caller[] = ['anonymous', 'visitor', 'normalOfC002', 'normal', 'college', 'chief', 'auditor'];

type Cells = Partial<Record<Caller, 'ok' | 403>>;

/**
 * What each kind of route answers each caller, for an item of college C001 (docs/product.md, Roles).
 * `ok` stands for the route's success status; a caller a kind does not name gets 401.
 */
const expectations = {
  read: { normalOfC002: 403, normal: 'ok', college: 'ok', chief: 'ok', auditor: 'ok' },
  moderate: { normalOfC002: 403, normal: 'ok', college: 'ok', chief: 'ok', auditor: 403 },
  manage: { normalOfC002: 403, normal: 403, college: 'ok', chief: 'ok', auditor: 403 },
  chiefOnly: { normalOfC002: 403, normal: 403, college: 403, chief: 'ok', auditor: 403 },
  anyAdmin: { normalOfC002: 'ok', normal: 'ok', college: 'ok', chief: 'ok', auditor: 'ok' },
  audit: { normalOfC002: 403, normal: 403, college: 'ok', chief: 'ok', auditor: 'ok' },
  /** Chat: every visitor, and the moderators of the room's college as moderators. */
  speak: { visitor: 'ok', normalOfC002: 403, normal: 'ok', college: 'ok', chief: 'ok', auditor: 403 },
} as const satisfies Record<string, Cells>;

type Route = { name: string; kind: keyof typeof expectations; ok: number; request: (f: Fixtures) => Promise<Request> };

const routes: Route[] = [
  {
    name: 'GET pending confessions',
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/admin/confessions/pending?collegeCode=C001' }),
  },
  {
    name: 'GET pending comments',
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/admin/comments/pending?collegeCode=C001' }),
  },
  {
    name: 'GET pending direct messages',
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/admin/direct-messages/pending?collegeCode=C001' }),
  },
  {
    name: 'GET moderation figures',
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/admin/stats?collegeCode=C001' }),
  },
  {
    name: "GET a college's confessions",
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/confessions/college/C001' }),
  },
  {
    name: 'POST approve confession',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/admin/confessions/${await f.pendingConfession()}/approve`,
      body: {},
    }),
  },
  {
    name: 'PUT approve confession',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/confessions/${await f.pendingConfession()}/approve`,
      body: {},
    }),
  },
  {
    name: 'PUT reject confession',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/confessions/${await f.pendingConfession()}/reject`,
      body: { reasonCode: 'spam', note: 'advert' },
    }),
  },
  {
    name: 'DELETE confession',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/admin/confessions/${await f.approvedConfession()}` }),
  },
  {
    name: 'PUT review reports',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/confessions/${await f.reportedConfession()}/report/review`,
      body: {},
    }),
  },
  {
    name: 'PUT dismiss reports',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/confessions/${await f.reportedConfession()}/report/dismiss`,
      body: {},
    }),
  },
  {
    name: 'PUT approve comment',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({ method: 'PUT', path: `/api/comments/${await f.pendingComment()}/approve`, body: {} }),
  },
  {
    name: 'PUT reject comment',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({ method: 'PUT', path: `/api/comments/${await f.pendingComment()}/reject`, body: {} }),
  },
  {
    name: 'POST decide direct message',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/admin/direct-messages/${await f.pendingDirectMessage()}/approve`,
      body: { status: 'rejected', adminNote: 'no phone numbers' },
    }),
  },
  {
    name: 'GET pairing reports',
    kind: 'read',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/admin/pairing-reports?collegeCode=C001' }),
  },
  {
    name: 'POST resolve pairing report',
    kind: 'moderate',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/admin/pairing-reports/${await f.pairingReport()}/resolve`,
      body: { action: 'warn', note: 'be kind' },
    }),
  },
  { name: 'GET admins', kind: 'manage', ok: 200, request: async () => ({ method: 'GET', path: '/api/admins' }) },
  {
    name: 'POST admin (normal of C001)',
    kind: 'manage',
    ok: 201,
    request: async () => ({
      method: 'POST',
      path: '/api/admins',
      body: {
        username: `new-${Math.random().toString(36).slice(2, 10)}`,
        password: 'ten characters',
        collegeCode: 'C001',
      },
    }),
  },
  {
    name: 'POST admin (college admin)',
    kind: 'chiefOnly',
    ok: 201,
    request: async () => ({
      method: 'POST',
      path: '/api/admins',
      body: {
        username: `col-${Math.random().toString(36).slice(2, 10)}`,
        password: 'ten characters',
        collegeCode: 'C001',
        role: 'college',
      },
    }),
  },
  {
    name: 'PUT admin college',
    kind: 'manage',
    ok: 200,
    // A college admin may only keep its admins in its own college, so the change names C001.
    request: async (f) => ({
      method: 'PUT',
      path: `/api/admins/${(await f.createAccount('normal', 'C001')).id}`,
      body: { collegeCode: 'C001' },
    }),
  },
  {
    name: 'PUT admin status',
    kind: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/admins/${(await f.createAccount('normal', 'C001')).id}/status`,
      body: { status: 'inactive' },
    }),
  },
  {
    name: 'DELETE admin',
    kind: 'manage',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/admins/${(await f.createAccount('normal', 'C001')).id}` }),
  },
  {
    name: 'POST chat room',
    kind: 'manage',
    ok: 201,
    request: async () => ({
      method: 'POST',
      path: '/api/chat/rooms',
      body: { collegeCode: 'C001', name: `Room ${Math.random()}` },
    }),
  },
  {
    name: 'PUT rename chat room',
    kind: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/chat/rooms/${await f.room()}`,
      body: { name: `Renamed ${Math.random()}` },
    }),
  },
  {
    name: 'PUT archive chat room',
    kind: 'manage',
    ok: 200,
    request: async (f) => ({ method: 'PUT', path: `/api/chat/rooms/${await f.room()}/archive`, body: {} }),
  },
  {
    name: 'POST chat message',
    kind: 'speak',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: `/api/chat/rooms/${await f.room()}/messages`,
      body: { content: 'Hello, room.' },
    }),
  },
  { name: 'GET me', kind: 'anyAdmin', ok: 200, request: async () => ({ method: 'GET', path: '/api/auth/me' }) },
  {
    name: 'GET audit log',
    kind: 'audit',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/audit/log?collegeCode=C001' }),
  },
  {
    name: 'GET audit export',
    kind: 'audit',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/audit/export?format=json&collegeCode=C001' }),
  },
  {
    name: "GET an item's history",
    kind: 'audit',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/audit/history/confession/${await f.approvedConfession()}` }),
  },
  {
    name: "GET an item's past state",
    kind: 'audit',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      path: `/api/audit/state/confession/${await f.approvedConfession()}?at=${new Date().toISOString()}`,
    }),
  },
  {
    name: 'GET queues as of a moment',
    kind: 'audit',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/audit/queues?collegeCode=C001&at=2026-01-01' }),
  },
  {
    name: 'GET chain verification',
    kind: 'audit',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/audit/verify' }),
  },
  {
    name: 'GET moderation metrics',
    kind: 'audit',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/audit/metrics?collegeCode=C001' }),
  },
];

describe('authorization: every admin route × every caller', () => {
  let t: TestApp;
  let f: Fixtures;
  const tokens = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(quickestTarget(), { NETWORK_CONFESSION_LIMIT: '1000' });
    f = await moderationFixtures(t);
    tokens.anonymous = undefined;
    tokens.visitor = await f.visitor();
    tokens.normalOfC002 = (await f.account('normal', 'C002')).token;
    tokens.normal = (await f.account('normal', 'C001')).token;
    tokens.college = (await f.account('college', 'C001')).token;
    tokens.chief = f.chiefToken;
    tokens.auditor = (await f.account('auditor', null)).token;
  }, 60000);
  afterAll(async () => {
    await t.close();
  });

  it('answers each cell as docs/product.md, Roles, says, and never 500', async () => {
    const table: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      const row: string[] = [];
      for (const caller of callers) {
        const request = await route.request(f);
        const { status } = await t.call(request.method, request.path, { token: tokens[caller], body: request.body });
        const rule = (expectations[route.kind] as Cells)[caller] ?? 401;
        const expected = rule === 'ok' ? route.ok : rule;
        row.push(`${caller}=${status}`);
        if (status !== expected) wrong.push(`${route.name} as ${caller}: ${status}, expected ${expected}`);
      }
      table.push(`${route.name}: ${row.join(' ')}`);
    }
    expect(wrong).toEqual([]);
    expect(table).toHaveLength(routes.length);
  }, 240000);
});
