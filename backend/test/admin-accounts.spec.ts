import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { quickestTarget, reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { credentialOf, hashLike, storedEventsText } from './support/stored-secrets.js';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the admin account tests');

for (const target of testDatabaseTargets()) {
  describe(`admin accounts and sessions on ${target.name}`, () => {
    let t: TestApp;
    let f: Awaited<ReturnType<typeof moderationFixtures>>;
    const me = (token: string) => t.call('GET', '/api/auth/me', { token });

    beforeAll(async () => {
      t = await startTestApp(target);
      f = await moderationFixtures(t);
    }, 60000);
    afterAll(async () => {
      await t.close();
    });

    it('creates accounts with checked fields, and never answers a password or its hash', async () => {
      const create = (body: unknown) => t.call('POST', '/api/admins', { token: f.chiefToken, body });
      const short = await create({ username: 'shorty', password: 'too short', collegeCode: 'C001' });
      expect(short).toMatchObject({ status: 400, body: { fields: { password: messages.adminPasswordTooShort } } });
      const noCollege = await create({ username: 'nocollege', password: 'long enough password' });
      expect(noCollege).toMatchObject({
        status: 400,
        body: { fields: { collegeCode: messages.collegeRequiredForRole } },
      });
      const unknown = await create({ username: 'nowhere', password: 'long enough password', collegeCode: 'C999' });
      expect(unknown).toMatchObject({ status: 400, body: { fields: { collegeCode: messages.unknownCollege } } });
      const made = await create({ username: 'Riley', password: 'long enough password', collegeCode: 'C002' });
      expect(made).toMatchObject({
        status: 201,
        body: {
          username: 'Riley',
          role: 'normal',
          collegeCode: 'C002',
          status: 'active',
          createdAt: expect.any(String),
        },
      });
      const taken = await create({ username: 'riley', password: 'another long password', collegeCode: 'C001' });
      expect(taken).toMatchObject({ status: 409, body: { message: messages.usernameTaken } });

      const answers = [
        await t.call('GET', '/api/admins', { token: f.chiefToken }),
        made,
        await t.call('POST', '/api/auth/login', {
          body: { username: 'Riley', password: 'long enough password', college_id: 'C002' },
        }),
      ];
      for (const answer of answers) {
        const text = JSON.stringify(answer.body);
        expect(text).not.toMatch(/argon2|long enough password|passwordHash|password_hash/i);
      }
    });

    it("signs in a college-scoped account only with its college, in any case, and answers me with the session user's fields", async () => {
      const account = await f.createAccount('college', 'C003');
      const login = (college_id?: string) =>
        t.call('POST', '/api/auth/login', {
          body: { username: account.username, password: 'a long enough password', college_id },
        });
      expect((await login()).status).toBe(401);
      expect((await login('C001')).body.message).toBe(messages.loginFailed);
      expect((await login('c003')).status).toBe(200);
      const signedIn = await login('C003');
      expect(signedIn.status).toBe(200);
      expect((await me(signedIn.body.sessionToken)).body).toEqual({
        id: account.id,
        username: account.username,
        role: 'college',
        collegeCode: 'C003',
        collegeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    });

    it('ends sessions at once on logout, deactivation and deletion; reactivation does not revive them', async () => {
      const account = await f.account('normal', 'C001');
      const second = await f.login(account.username, 'a long enough password', 'C001');
      expect((await t.call('POST', '/api/auth/logout', { token: second, body: {} })).status).toBe(200);
      expect((await me(second)).status).toBe(401);

      const status = (value: string) =>
        t.call('PUT', `/api/admins/${account.id}/status`, { token: f.chiefToken, body: { status: value } });
      expect((await status('inactive')).body.status).toBe('inactive');
      expect((await me(account.token)).status).toBe(401);
      expect(
        (
          await t.call('POST', '/api/auth/login', {
            body: { username: account.username, password: 'a long enough password', college_id: 'C001' },
          })
        ).status,
      ).toBe(401);
      expect((await status('active')).body.status).toBe('active');
      expect((await me(account.token)).status).toBe(401);

      const third = await f.login(account.username, 'a long enough password', 'C001');
      expect((await me(third)).status).toBe(200);
      expect((await t.call('DELETE', `/api/admins/${account.id}`, { token: f.chiefToken })).body).toEqual({
        id: account.id,
        status: 'deleted',
      });
      expect((await me(third)).status).toBe(401);
      const listed = (await t.call('GET', '/api/admins', { token: f.chiefToken })).body;
      expect(listed.map((admin: { id: string }) => admin.id)).not.toContain(account.id);
    });

    it('does not let the chief deactivate or delete itself, and edits only the college', async () => {
      const self = (await me(f.chiefToken)).body.id;
      const deactivate = await t.call('PUT', `/api/admins/${self}/status`, {
        token: f.chiefToken,
        body: { status: 'inactive' },
      });
      expect(deactivate).toMatchObject({ status: 403, body: { message: messages.cannotChangeOwnAccount } });
      expect((await t.call('DELETE', `/api/admins/${self}`, { token: f.chiefToken })).status).toBe(403);
      const account = await f.createAccount('normal', 'C001');
      const rename = await t.call('PUT', `/api/admins/${account.id}`, {
        token: f.chiefToken,
        body: { username: 'other' },
      });
      expect(rename).toMatchObject({ status: 400, body: { fields: { username: messages.unknownField } } });
      const moved = await t.call('PUT', `/api/admins/${account.id}`, {
        token: f.chiefToken,
        body: { collegeCode: 'C004' },
      });
      expect(moved.body).toMatchObject({ username: account.username, collegeCode: 'C004' });
    });

    it("shows a college admin only its own college's normal admins, and creates them there", async () => {
      const collegeAdmin = await f.account('college', 'C002');
      const mine = await f.createAccount('normal', 'C002');
      const other = await f.createAccount('normal', 'C001');
      const listed = (await t.call('GET', '/api/admins', { token: collegeAdmin.token })).body.map(
        (admin: { id: string }) => admin.id,
      );
      expect(listed).toContain(mine.id);
      expect(listed).not.toContain(other.id);
      expect(listed).not.toContain(collegeAdmin.id);
      const made = await t.call('POST', '/api/admins', {
        token: collegeAdmin.token,
        body: { username: 'c2-helper', password: 'long enough password' },
      });
      expect(made).toMatchObject({ status: 201, body: { role: 'normal', collegeCode: 'C002' } });
      const elsewhere = await t.call('PUT', `/api/admins/${other.id}/status`, {
        token: collegeAdmin.token,
        body: { status: 'inactive' },
      });
      expect(elsewhere.status).toBe(403);
    });

    const create = (username: string, secret = 'a long enough password') =>
      t.call('POST', '/api/admins', { token: f.chiefToken, body: { username, password: secret, role: 'auditor' } });
    const login = (username: string, secret = 'a long enough password') =>
      t.call('POST', '/api/auth/login', { body: { username, password: secret } });
    const streamTypes = async (adminId: string) =>
      (await t.storage.store.readStream(`adminAccount-${adminId}`)).map((event) => event.type);

    it('keeps password hashes in the credentials table and none in any event', async () => {
      const made = await create('Quinn');
      expect(made.status).toBe(201);
      const hash = await credentialOf(t, made.body.id);
      expect(hash).toMatch(/^\$argon2id\$/);
      expect((await login('quinn')).status).toBe(200);
      expect((await login('quinn', 'not the password')).status).toBe(401);
      const events = await storedEventsText(t);
      expect(events.some((text) => text.includes('"passwordSet": true'))).toBe(true);
      for (const text of events) {
        expect(text).not.toContain(hash);
        expect(text).not.toMatch(hashLike);
      }
    });

    it('gives a username used again after a deletion a new account with a new id and a stream of its own', async () => {
      const first = (await create('Rowan')).body.id as string;
      expect((await t.call('DELETE', `/api/admins/${first}`, { token: f.chiefToken })).status).toBe(200);
      expect(await credentialOf(t, first)).toBeNull();
      const again = await create('rowan', 'another long password');
      expect(again.status).toBe(201);
      const second = again.body.id as string;
      expect(second).not.toBe(first);
      expect(await streamTypes(second)).toEqual(['AdminAccountCreated']);
      expect(await streamTypes(first)).toEqual(['AdminAccountCreated', 'AdminAccountDeleted']);
      expect((await login('Rowan')).status).toBe(401);
      expect((await login('Rowan', 'another long password')).body.user.id).toBe(second);
    });

    it('lets exactly one of two creations of one username at once have it', async () => {
      const answers = await Promise.all([
        create('Sage', 'first long password'),
        create('SAGE', 'second long password'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(messages.usernameTaken);
      const { rows } = await t.storage.db.query(
        'SELECT admin_id FROM public.admin_credentials WHERE admin_id NOT IN (SELECT id FROM read_model.admin_accounts)',
      );
      expect(rows).toEqual([]);
    });
  });
}

describe('admin sign-in limits and expiry', () => {
  let t: TestApp;
  let offsetMs = 0;

  beforeAll(async () => {
    t = await startTestApp(
      quickestTarget(),
      { ADMIN_SESSION_HOURS: '12' },
      { now: () => new Date(Date.now() + offsetMs) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string) =>
    t.call('POST', '/api/auth/login', { body: { username, password } });

  it('expires a session after 12 hours', async () => {
    const { sessionToken } = (await login(chief.username, chief.password)).body;
    offsetMs = 11.9 * 3_600_000;
    expect((await t.call('GET', '/api/auth/me', { token: sessionToken })).status).toBe(200);
    offsetMs = 12.01 * 3_600_000;
    expect((await t.call('GET', '/api/auth/me', { token: sessionToken })).status).toBe(401);
    offsetMs = 0;
  });

  it('answers 429 with Retry-After after repeated failures for one username, even with the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(chief.username, 'wrong guess')).status).toBe(401);
    const locked = await login(chief.username, chief.password);
    expect(locked).toMatchObject({
      status: 429,
      body: { message: messages.tooManyFailedLogins, code: 'rate_limited' },
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 429 after repeated failures from one network across usernames', async () => {
    // Five failures above, five more here: the network's limit of ten is reached.
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(`nobody-${attempt}`, 'guess')).status).toBe(401);
    expect((await login('someone-else', 'guess')).status).toBe(429);
  });
});

describe('sign-in lock-out (docs/api.md, "Sign-in lock-out")', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Behind one proxy, each test network is an address of X-Forwarded-For.
    t = await startTestApp(quickestTarget(), { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (network: string, password: string, username = chief.username) =>
    t.call('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': network } });
  const statuses = async (answers: Promise<{ status: number }>[]) => {
    const counts: Record<number, number> = {};
    for (const { status } of await Promise.all(answers)) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('checks only 5 of 20 guesses sent at once from one network, and refuses the rest unchecked', async () => {
    const guesses = Array.from({ length: 20 }, () => login('10.1.0.1', 'wrong guess'));
    expect(await statuses(guesses)).toEqual({ 401: 5, 429: 15 });
  });

  it('keeps the account open from other networks, and takes back the count of a right password', async () => {
    expect((await login('10.1.0.1', chief.password)).status).toBe(429);
    expect((await login('10.1.0.2', chief.password)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await login('10.1.0.3', 'wrong guess')).status).toBe(401);
    expect((await login('10.1.0.3', chief.password)).status).toBe(200);
    // Four failures, the success not counted: one more guess is still checked.
    expect((await login('10.1.0.3', 'wrong guess')).status).toBe(401);
  }, 60000);

  it('slows guesses at one username from many networks more and more, and stops them at 100', async () => {
    const username = 'sprayed-at';
    const from = (index: number) => `10.2.${Math.floor(index / 5)}.${index % 5}`;
    const started = performance.now();
    // 95 failures from 19 networks, at most 5 each, and the many still under way at once.
    expect(await statuses(Array.from({ length: 95 }, (_, index) => login(from(index), 'guess', username)))).toEqual({
      401: 95,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(4000);
    const sixth = performance.now();
    expect(
      await statuses(Array.from({ length: 5 }, (_, index) => login(`10.3.0.${index}`, 'guess', username))),
    ).toEqual({
      401: 5,
    });
    expect(performance.now() - sixth).toBeGreaterThanOrEqual(4000);
    const locked = await login('10.4.0.1', 'guess', username);
    expect(locked).toMatchObject({
      status: 429,
      body: { message: messages.tooManyFailedLogins, code: 'rate_limited' },
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60000);
});
