import { describe, expect, it } from '@jest/globals';
import { createUpcaster, upcastEvent } from './upcasting.js';

const metadata = (schemaVersion?: number) => ({
  actor: { kind: 'system' },
  occurredAt: '2026-11-23T10:00:00.000Z',
  ...(schemaVersion ? { schemaVersion } : {}),
});

describe('upcasting stored events', () => {
  it('leaves out types this code does not know, as an older instance must during a rolling deploy', () => {
    expect(upcastEvent({ type: 'ConfessionTranslated', data: {}, metadata: metadata() })).toBeNull();
  });

  it('passes events already at the current version through unchanged', () => {
    const stored = { type: 'ConfessionApproved', data: { confessionId: 'c' }, metadata: metadata() };
    expect(upcastEvent(stored)).toEqual(stored);
  });

  it('brings older versions up step by step, taking a missing version as 1', () => {
    const upcast = createUpcaster(
      { ConfessionRejected: 3 },
      {
        ConfessionRejected: {
          1: (data: { confessionId: string }) => ({ ...data, reasonCode: null }),
          2: (data: { confessionId: string; reasonCode: null }) => ({ ...data, note: null }),
        },
      },
    );
    expect(upcast({ type: 'ConfessionRejected', data: { confessionId: 'c' }, metadata: metadata() })?.data).toEqual({
      confessionId: 'c',
      reasonCode: null,
      note: null,
    });
    const fromTwo = {
      type: 'ConfessionRejected',
      data: { confessionId: 'c', reasonCode: 'spam' },
      metadata: metadata(2),
    };
    expect(upcast(fromTwo)?.data).toEqual({ confessionId: 'c', reasonCode: 'spam', note: null });
  });

  it('reads a newer version than it writes as it is', () => {
    const newer = { type: 'ConfessionApproved', data: { confessionId: 'c', extra: 1 }, metadata: metadata(2) };
    expect(upcastEvent(newer)?.data).toEqual({ confessionId: 'c', extra: 1 });
  });

  it('leaves the password hash out of an account created at version 1, whether or not the event still holds it', () => {
    const data = { adminId: 'a', username: 'chief', role: 'chief', collegeCode: null };
    const current = { ...data, passwordSet: true };
    for (const stored of [{ ...data, passwordHash: '$argon2id$v=19$x' }, data]) {
      expect(upcastEvent({ type: 'AdminAccountCreated', data: stored, metadata: metadata() })?.data).toEqual(current);
    }
    expect(upcastEvent({ type: 'AdminAccountCreated', data: current, metadata: metadata(2) })?.data).toEqual(current);
  });

  it('fails loudly when a step is missing, rather than hand a decider the wrong shape', () => {
    const upcast = createUpcaster({ ConfessionApproved: 2 }, {});
    expect(() => upcast({ type: 'ConfessionApproved', data: {}, metadata: metadata() })).toThrow(/No upcaster/);
  });
});
