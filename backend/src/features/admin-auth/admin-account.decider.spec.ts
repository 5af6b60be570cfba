import { describe, expect, it } from '@jest/globals';
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
    spec([created]).when(create).thenRefuses('conflict');
  });

  it('signs in only when it exists', () => {
    const signIn = { type: 'SignIn', adminId, sessionHash: 'h1', expiresAt: '2026-01-01T12:00:00Z' } as const;
    spec([created]).when(signIn).then([signedIn]);
    spec([]).when(signIn).thenRefuses('unauthenticated');
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

describe('managing admin accounts', () => {
  const normalId = '7d1f5a7e-2c4b-5e9a-8f3d-1a2b3c4d5e6f';
  const normal = {
    type: 'AdminAccountCreated',
    data: { adminId: normalId, username: 'mod', passwordHash: '$argon2id$...', role: 'normal', collegeCode: 'C001' },
  } as const;
  const chief = { id: adminId, role: 'chief', collegeCode: null } as const;
  const collegeAdmin = (collegeCode: string) => ({ id: 'college-admin', role: 'college', collegeCode }) as const;

  it('lets a college admin create normal admins of its own college only', () => {
    const create = { type: 'CreateAdminAccount', ...normal.data } as const;
    spec([])
      .when({ ...create, manager: collegeAdmin('C001') })
      .then([normal]);
    spec([])
      .when({ ...create, manager: collegeAdmin('C002') })
      .thenRefuses('forbidden');
    spec([])
      .when({ ...create, role: 'college', manager: collegeAdmin('C001') })
      .thenRefuses('forbidden');
  });

  it('moves an account to another college, and does nothing when it is already there', () => {
    spec([normal])
      .when({ type: 'ChangeCollege', adminId: normalId, collegeCode: 'C003', manager: chief })
      .then([{ type: 'AdminCollegeChanged', data: { adminId: normalId, collegeCode: 'C003' } }]);
    spec([normal]).when({ type: 'ChangeCollege', adminId: normalId, collegeCode: 'C001', manager: chief }).then([]);
    spec([normal])
      .when({ type: 'ChangeCollege', adminId: normalId, collegeCode: 'C003', manager: collegeAdmin('C001') })
      .thenRefuses('forbidden');
  });

  it('deactivates and deletes other accounts, never the manager itself', () => {
    spec([normal])
      .when({ type: 'ChangeStatus', adminId: normalId, status: 'inactive', manager: chief })
      .then([{ type: 'AdminStatusChanged', data: { adminId: normalId, status: 'inactive' } }]);
    spec([created])
      .when({ type: 'ChangeStatus', adminId, status: 'inactive', manager: chief })
      .thenRefuses('forbidden');
    spec([created]).when({ type: 'DeleteAdminAccount', adminId, manager: chief }).thenRefuses('forbidden');
    spec([normal])
      .when({ type: 'DeleteAdminAccount', adminId: normalId, manager: collegeAdmin('C001') })
      .then([{ type: 'AdminAccountDeleted', data: { adminId: normalId, username: 'mod' } }]);
    spec([]).when({ type: 'DeleteAdminAccount', adminId: normalId, manager: chief }).thenRefuses('not_found');
  });

  it('refuses sign-in to a deactivated or deleted account, and frees a deleted username', () => {
    const signIn = { type: 'SignIn', adminId: normalId, sessionHash: 'h', expiresAt: '2026-01-01T12:00:00Z' } as const;
    const deactivated = { type: 'AdminStatusChanged', data: { adminId: normalId, status: 'inactive' } } as const;
    const deleted = { type: 'AdminAccountDeleted', data: { adminId: normalId, username: 'mod' } } as const;
    spec([normal, deactivated]).when(signIn).thenRefuses('unauthenticated');
    spec([normal, deleted]).when(signIn).thenRefuses('unauthenticated');
    spec([normal, deleted])
      .when({ type: 'CreateAdminAccount', ...normal.data, manager: chief })
      .then([normal]);
  });
});
