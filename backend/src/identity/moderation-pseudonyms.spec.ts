import { describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import type { AppConfig } from '../config/app-config.js';
import { SessionSecret } from '../infrastructure/session-secret.js';
import { ModerationPseudonyms } from './moderation-pseudonyms.js';

async function pseudonyms(SESSION_SECRET: string): Promise<ModerationPseudonyms> {
  const secret = new SessionSecret({ SESSION_SECRET } as AppConfig, {} as Database);
  await secret.onModuleInit();
  return new ModerationPseudonyms(secret);
}

describe('ModerationPseudonyms', () => {
  const sessionId = 'q1Xz0bVh3Kc9WmTfA2nLrE7u';

  it('gives a session one 8-character pseudonym, the same in every instance, that is no part of the session id', async () => {
    const pseudonym = (await pseudonyms('the server secret')).of(sessionId);
    expect(pseudonym).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect((await pseudonyms('the server secret')).of(sessionId)).toBe(pseudonym);
    expect(sessionId).not.toContain(pseudonym);
  });

  it('tells sessions apart, and changes with the server secret', async () => {
    const ours = await pseudonyms('the server secret');
    const pseudonym = ours.of(sessionId);
    expect(ours.of('M4pR8sTn0aYw2GdKe6Vh1JcB')).not.toBe(pseudonym);
    expect((await pseudonyms('another server secret')).of(sessionId)).not.toBe(pseudonym);
  });

  it('gives the same session another pseudonym in chat, so neither leads to the other', async () => {
    const ours = await pseudonyms('the server secret');
    expect(ours.ofChat(sessionId)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(ours.ofChat(sessionId)).not.toBe(ours.of(sessionId));
    expect(ours.ofChat(sessionId)).toBe((await pseudonyms('the server secret')).ofChat(sessionId));
  });
});
