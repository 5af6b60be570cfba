import { randomUUID } from 'node:crypto';
import { type AdminRole, socketEvents } from '@secretchatbox/contracts';
import { next, socketPool } from './sockets.js';
import { chief, type TestApp } from './test-app.js';

const password = 'a long enough password';

type Answer = { status: number; body: any };

async function expect2xx(what: string, answer: Promise<Answer>) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A visitor who has spoken in `collegeCode`'s first chat room, which makes it the visitor's college. */
export async function chattingVisitor(t: TestApp, collegeCode: string, visitor?: { sessionToken: string }) {
  const session = visitor ?? (await expect2xx('session', t.call('POST', '/api/session')));
  const rooms = await expect2xx('rooms', t.call('GET', `/api/chat/rooms?collegeCode=${collegeCode}`));
  await expect2xx(
    'chat message',
    t.call('POST', `/api/chat/rooms/${rooms[0].id}/messages`, {
      token: session.sessionToken,
      body: { content: `Hello from ${collegeCode}` },
    }),
  );
  return session as { sessionToken: string; sessionId: string };
}

/** A direct message waiting for moderation, sent through the API by a visitor who chats in `collegeCode`. */
export async function sendDirectMessage(
  t: TestApp,
  collegeCode = 'C001',
  sender?: { sessionToken: string },
  toSessionId?: string,
  content = 'Want to study together?',
): Promise<string> {
  const from = await chattingVisitor(t, collegeCode, sender);
  const to = toSessionId ?? (await expect2xx('session', t.call('POST', '/api/session'))).sessionId;
  const sent = await expect2xx(
    'direct message',
    t.call('POST', '/api/direct-messages', { token: from.sessionToken, body: { content, toSessionId: to } }),
  );
  return sent.id as string;
}

/**
 * An open pairing report: two visitors of `collegeCode` (the first `reported` when given, else new)
 * paired over the socket, the first says something, the second reports it. The id is read as the
 * chief lists the college's reports.
 */
export async function filePairingReport(
  t: TestApp,
  chiefToken: string,
  collegeCode = 'C001',
  reported?: { sessionToken: string },
): Promise<string> {
  const sockets = socketPool();
  try {
    const [first, second] = [
      reported ?? (await expect2xx('session', t.call('POST', '/api/session'))),
      await expect2xx('session', t.call('POST', '/api/session')),
    ];
    const [a, b] = [
      await sockets.connect(t.baseUrl, first.sessionToken),
      await sockets.connect(t.baseUrl, second.sessionToken),
    ];
    await a.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode });
    const matched = next(a, socketEvents.pairMatched);
    await b.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode });
    const { pairId } = await matched;
    await a.timeout(5000).emitWithAck(socketEvents.pairSend, { content: 'something rude' });
    await b.timeout(5000).emitWithAck(socketEvents.pairReport, { reason: 'harassment' });
    const path = `/api/admin/pairing-reports?collegeCode=${collegeCode}`;
    const reports = await expect2xx('pairing reports', t.call('GET', path, { token: chiefToken }));
    return reports.find((report: { pairId: string }) => report.pairId === pairId).id as string;
  } finally {
    sockets.closeAll();
  }
}

/** Puts a server in the states moderation tests need, through the API as students and the chief do. */
export async function moderationFixtures(t: TestApp) {
  const login = async (username: string, secret = password, collegeId?: string) =>
    (
      await expect2xx(
        `login ${username}`,
        t.call('POST', '/api/auth/login', {
          body: { username, password: secret, ...(collegeId ? { college_id: collegeId } : {}) },
        }),
      )
    ).sessionToken as string;
  const chiefToken = await login(chief.username, chief.password);
  let visitorToken = '';
  let visitorPosts = 5;
  /** A visitor with quota left; a new one every five confessions. */
  const author = async () => {
    if (visitorPosts === 5) {
      visitorToken = (await expect2xx('session', t.call('POST', '/api/session'))).sessionToken;
      visitorPosts = 0;
    }
    visitorPosts += 1;
    return visitorToken;
  };
  const reporter = (await expect2xx('session', t.call('POST', '/api/session'))).sessionToken as string;

  const fixtures = {
    chiefToken,
    login,
    visitor: async () => (await expect2xx('session', t.call('POST', '/api/session'))).sessionToken as string,
    /** An account created by the chief, not signed in. */
    async createAccount(role: AdminRole, collegeCode: string | null, username = `${role}-${randomUUID().slice(0, 8)}`) {
      const body = await expect2xx(
        `create ${role}`,
        t.call('POST', '/api/admins', { token: chiefToken, body: { username, password, role, collegeCode } }),
      );
      return { id: body.id as string, username };
    },
    /** An account created by the chief and signed in. */
    async account(role: AdminRole, collegeCode: string | null) {
      const created = await fixtures.createAccount(role, collegeCode);
      return { ...created, token: await login(created.username, password, collegeCode ?? undefined) };
    },
    async pendingConfession(collegeCode = 'C001'): Promise<string> {
      const body = { content: `A confession for the moderators ${randomUUID()}`, category: 'secrets', collegeCode };
      return (await expect2xx('submit', t.call('POST', '/api/confessions', { token: await author(), body }))).id;
    },
    async approvedConfession(collegeCode = 'C001'): Promise<string> {
      const id = await fixtures.pendingConfession(collegeCode);
      await expect2xx('approve', t.call('PUT', `/api/confessions/${id}/approve`, { token: chiefToken, body: {} }));
      return id;
    },
    async reportedConfession(collegeCode = 'C001'): Promise<string> {
      const id = await fixtures.approvedConfession(collegeCode);
      const report = { reason: 'spam' };
      await expect2xx('report', t.call('POST', `/api/confessions/${id}/report`, { token: reporter, body: report }));
      return id;
    },
    async pendingComment(collegeCode = 'C001'): Promise<string> {
      const confessionId = await fixtures.approvedConfession(collegeCode);
      const body = { content: 'Same here, honestly.' };
      const token = await author();
      return (await expect2xx('comment', t.call('POST', `/api/confessions/${confessionId}/comments`, { token, body })))
        .id;
    },
    pendingDirectMessage: (collegeCode = 'C001', sender?: { sessionToken: string }, toSessionId?: string) =>
      sendDirectMessage(t, collegeCode, sender, toSessionId),
    pairingReport: (collegeCode = 'C001', reported?: { sessionToken: string }) =>
      filePairingReport(t, chiefToken, collegeCode, reported),
    async room(collegeCode = 'C001'): Promise<string> {
      const body = { collegeCode, name: `Room ${randomUUID().slice(0, 8)}` };
      return (await expect2xx('room', t.call('POST', '/api/chat/rooms', { token: chiefToken, body }))).id;
    },
  };
  return fixtures;
}
