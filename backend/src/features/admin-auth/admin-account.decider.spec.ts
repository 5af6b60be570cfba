import { describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { adminAccountDecider, legacyAdminIdFor } from './admin-account.decider.js';

const adminId = '2f6c0c0e-8d55-5f3b-9a57-2b0e7f3c6d11';
const created = {
  type: 'AdminAccountCreated',
  data: { adminId, username: 'chief', passwordSet: true, role: 'chief', collegeCode: null },
} as const;
const claimed = { type: 'AdminUsernameClaimed', data: { username: 'chief', adminId } } as const;
const signedIn = {
  type: 'AdminSignedIn',
  data: { adminId, sessionHash: 'h1', expiresAt: '2026-01-01T12:00:00Z' },
} as const;
const spec = givenEvents(adminAccountDecider);

describe('admin account', () => {
  const { passwordSet: _set, ...createData } = created.data;
  const create = { type: 'CreateAdminAccount', ...createData } as const;

  it('is created with its password set, taking its username, once per username', () => {
    spec([]).when(create).then([created, claimed]);
    const otherId = '0b7e4f4a-5d1c-4c8e-9a3b-6f2d1e0c9b8a';
    spec([{ type: 'AdminUsernameClaimed', data: { username: 'Chief', adminId: otherId } }])
      .when(create)
      .thenRefuses('conflict', messages.usernameTaken);
  });

  it('takes a username that an account created before usernames had streams holds only once that account is deleted', () => {
    const legacyId = legacyAdminIdFor('chief');
    const legacy = { type: 'AdminAccountCreated', data: { ...created.data, adminId: legacyId } } as const;
    const legacyDeleted = { type: 'AdminAccountDeleted', data: { adminId: legacyId, username: 'chief' } } as const;
    spec([legacy]).when(create).thenRefuses('conflict', messages.usernameTaken);
    spec([legacy, legacyDeleted]).when(create).then([created, claimed]);
  });

  it("reads the username's stream and the legacy account's, and appends to its own and the username's", () => {
    expect(adminAccountDecider.streams(create)).toEqual([
      { streamId: `adminAccount-${adminId}`, appends: true },
      { streamId: 'adminUsername-chief', appends: true },
      { streamId: `adminAccount-${legacyAdminIdFor('CHIEF')}`, appends: false },
    ]);
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
    data: { adminId: normalId, username: 'mod', passwordSet: true, role: 'normal', collegeCode: 'C001' },
  } as const;
  const normalClaimed = { type: 'AdminUsernameClaimed', data: { username: 'mod', adminId: normalId } } as const;
  const { passwordSet: _set, ...normalData } = normal.data;
  const createNormal = { type: 'CreateAdminAccount', ...normalData } as const;
  const chief = { id: adminId, role: 'chief', collegeCode: null } as const;
  const collegeAdmin = (collegeCode: string) => ({ id: 'college-admin', role: 'college', collegeCode }) as const;

  it('lets a college admin create normal admins of its own college only', () => {
    spec([])
      .when({ ...createNormal, manager: collegeAdmin('C001') })
      .then([normal, normalClaimed]);
    spec([])
      .when({ ...createNormal, manager: collegeAdmin('C002') })
      .thenRefuses('forbidden');
    spec([])
      .when({ ...createNormal, role: 'college', manager: collegeAdmin('C001') })
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
    spec([created])
      .when({ type: 'DeleteAdminAccount', adminId, username: 'chief', manager: chief })
      .thenRefuses('forbidden');
    const deleteNormal = { type: 'DeleteAdminAccount', adminId: normalId, username: 'mod' } as const;
    spec([normal, normalClaimed])
      .when({ ...deleteNormal, manager: collegeAdmin('C001') })
      .then([
        { type: 'AdminAccountDeleted', data: { adminId: normalId, username: 'mod' } },
        { type: 'AdminUsernameReleased', data: { username: 'mod', adminId: normalId } },
      ]);
    spec([])
      .when({ ...deleteNormal, manager: chief })
      .thenRefuses('not_found');
  });

  it('deletes an account created before usernames had streams without releasing a username it never claimed', () => {
    spec([normal])
      .when({ type: 'DeleteAdminAccount', adminId: normalId, username: 'mod', manager: chief })
      .then([{ type: 'AdminAccountDeleted', data: { adminId: normalId, username: 'mod' } }]);
  });

  it('refuses sign-in to a deactivated or deleted account, and frees a deleted username for a new account', () => {
    const signIn = { type: 'SignIn', adminId: normalId, sessionHash: 'h', expiresAt: '2026-01-01T12:00:00Z' } as const;
    const deactivated = { type: 'AdminStatusChanged', data: { adminId: normalId, status: 'inactive' } } as const;
    const deleted = { type: 'AdminAccountDeleted', data: { adminId: normalId, username: 'mod' } } as const;
    spec([normal, deactivated]).when(signIn).thenRefuses('unauthenticated');
    const released = { type: 'AdminUsernameReleased', data: { username: 'mod', adminId: normalId } } as const;
    spec([normal, normalClaimed, deleted, released]).when(signIn).thenRefuses('unauthenticated');
    const newId = '3a9d2c1b-0e8f-4d7c-b6a5-948372615049';
    spec([normalClaimed, released])
      .when({ ...createNormal, adminId: newId, manager: chief })
      .then([
        { type: 'AdminAccountCreated', data: { ...normal.data, adminId: newId } },
        { type: 'AdminUsernameClaimed', data: { username: 'mod', adminId: newId } },
      ]);
  });
});
