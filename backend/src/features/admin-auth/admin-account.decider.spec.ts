import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { adminAccountDecider } from './admin-account.decider.js';

const adminId = '2f6c0c0e-8d55-5f3b-9a57-2b0e7f3c6d11';
const created = {
  type: 'AdminAccountCreated',
  data: { adminId, username: 'chief', passwordHash: '$argon2id$...', role: 'chief', collegeCode: null },
} as const;
const signedIn = {
  type: 'AdminSignedIn',
  data: { adminId, sessionHash: 'h1', expiresAt: '2026-01-01T12:00:00Z' },
} as const;
const spec = givenEvents(adminAccountDecider);

describe('admin account', () => {
  it('is created once per username', () => {
    const create = { type: 'CreateAdminAccount', ...created.data } as const;
    spec([]).when(create).then([created]);
    spec([created])
      .when(create)
      .thenThrows((error) => error instanceof AppError && error.statusCode === 409);
  });

  it('signs in only when it exists', () => {
    const signIn = { type: 'SignIn', adminId, sessionHash: 'h1', expiresAt: '2026-01-01T12:00:00Z' } as const;
    spec([created]).when(signIn).then([signedIn]);
    spec([])
      .when(signIn)
      .thenThrows((error) => error instanceof AppError && error.statusCode === 401);
  });

  it('signs out an open session once', () => {
    const signOut = { type: 'SignOut', adminId, sessionHash: 'h1' } as const;
    spec([created, signedIn])
      .when(signOut)
      .then([{ type: 'AdminSignedOut', data: { adminId, sessionHash: 'h1' } }]);
    spec([created, signedIn, { type: 'AdminSignedOut', data: { adminId, sessionHash: 'h1' } }])
      .when(signOut)
      .then([]);
    expect(adminAccountDecider.decide(signOut, adminAccountDecider.initialState())).toEqual([]);
  });
});
