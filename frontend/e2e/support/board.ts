import { chief, type TestApp } from '../../../backend/test/support/test-app.js';

export type Confession = { content: string; category: string; nickname?: string };

/** Drives the API as students and a moderator do, to put a board in a known state. */
export async function boardApi(app: TestApp) {
  const login = await app.call('POST', '/api/auth/login', { body: chief });
  const adminToken: string = login.body.sessionToken;
  const expectStatus = (what: string, status: number, expected: number) => {
    if (status !== expected) throw new Error(`${what} answered ${status}, expected ${expected}`);
  };
  const startSession = async (): Promise<string> => {
    const started = await app.call('POST', '/api/session', { body: {} });
    expectStatus('POST /api/session', started.status, 201);
    return started.body.sessionToken;
  };
  return {
    adminToken,
    startSession,
    async submit(token: string, confession: Confession, collegeCode = 'C001'): Promise<string> {
      const posted = await app.call('POST', '/api/confessions', { token, body: { ...confession, collegeCode } });
      expectStatus('POST /api/confessions', posted.status, 201);
      return posted.body.id;
    },
    async approve(confessionId: string) {
      const approved = await app.call('POST', `/api/admin/confessions/${confessionId}/approve`, {
        token: adminToken,
        body: {},
      });
      expectStatus('approve', approved.status, 200);
    },
    async approveComment(commentId: string) {
      const approved = await app.call('PUT', `/api/comments/${commentId}/approve`, { token: adminToken, body: {} });
      expectStatus('approve comment', approved.status, 200);
    },
    async report(token: string, confessionId: string, reason = 'spam') {
      const reported = await app.call('POST', `/api/confessions/${confessionId}/report`, { token, body: { reason } });
      expectStatus('report', reported.status, 201);
    },
    async comment(token: string, confessionId: string, content: string): Promise<string> {
      const posted = await app.call('POST', `/api/confessions/${confessionId}/comments`, { token, body: { content } });
      expectStatus('comment', posted.status, 201);
      return posted.body.id;
    },
    /** An admin account made by the chief. */
    async createAdmin(username: string, role: string, collegeCode: string | null, password = 'dashboard password') {
      const created = await app.call('POST', '/api/admins', { token: adminToken, body: { username, password, role, collegeCode } });
      expectStatus('create admin', created.status, 201);
      return created.body.id as string;
    },
    /** Posts and approves each confession, five per session as the quota allows, oldest first. */
    async publish(confessions: Confession[], collegeCode = 'C001'): Promise<string[]> {
      const ids: string[] = [];
      let token = '';
      for (const [index, confession] of confessions.entries()) {
        if (index % 5 === 0) token = await startSession();
        const id = await this.submit(token, confession, collegeCode);
        await this.approve(id);
        ids.push(id);
      }
      return ids;
    },
  };
}
