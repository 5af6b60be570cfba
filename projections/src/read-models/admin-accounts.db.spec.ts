import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { adminAccountsProjection, findAdminAccount, findAdminBySession } from './admin-accounts.js';

const adminId = '1a000000-0000-4000-8000-000000000001';
const createdAt = '2026-11-23T09:00:00.000Z';
const created = event(
  'AdminAccountCreated',
  { adminId, username: 'Mod', passwordSet: true, role: 'normal', collegeCode: 'C001' },
  { at: createdAt },
);
const signedIn = event('AdminSignedIn', { adminId, sessionHash: 'hash-1', expiresAt: '2026-11-24T09:00:00.000Z' });
const signedInAgain = event('AdminSignedIn', { adminId, sessionHash: 'hash-2', expiresAt: '2026-11-24T09:00:00.000Z' });
const signedOut = event('AdminSignedOut', { adminId, sessionHash: 'hash-1' }, { at: '2026-11-23T11:00:00.000Z' });
const deactivated = event('AdminStatusChanged', { adminId, status: 'inactive' }, { at: '2026-11-23T12:00:00.000Z' });
const activated = event('AdminStatusChanged', { adminId, status: 'active' });
const now = new Date('2026-11-23T13:00:00.000Z');

describeProjection('admin accounts', adminAccountsProjection, (spec) => {
  it('lists a created account as active, with its role and college, once however often it comes', () =>
    spec
      .given([created])
      .when([created])
      .then(
        rows('admin_accounts', [
          {
            id: adminId,
            username: 'Mod',
            role: 'normal',
            college_code: 'C001',
            status: 'active',
            created_at: new Date(createdAt),
          },
        ]),
        answer((db) => findAdminAccount(db, adminId).then((account) => account?.status), 'active'),
      ));

  it('opens a session at sign-in and ends it at sign-out, keeping the first end', () =>
    spec
      .given([created, signedIn, signedInAgain])
      .when([signedOut, event('AdminSignedOut', { adminId, sessionHash: 'hash-1' })])
      .then(
        rows('admin_sessions', [
          { session_hash: 'hash-1', admin_id: adminId, signed_out_at: new Date('2026-11-23T11:00:00.000Z') },
          { session_hash: 'hash-2', admin_id: adminId, signed_out_at: null },
        ]),
        answer((db) => findAdminBySession(db, 'hash-1', now), null),
        answer((db) => findAdminBySession(db, 'hash-2', now).then((user) => user?.id), adminId),
      ));

  it('finds no account behind an expired session', () =>
    spec
      .given([created, signedIn])
      .then(answer((db) => findAdminBySession(db, 'hash-1', new Date('2026-11-24T09:00:00.000Z')), null)));

  it('moves an account to another college, or to none', () =>
    spec
      .given([created])
      .when([event('AdminCollegeChanged', { adminId, collegeCode: null })])
      .then(rows('admin_accounts', [{ id: adminId, college_code: null }])));

  it('ends every session at deactivation, and activation does not revive them', () =>
    spec
      .given([created, signedIn, signedInAgain, deactivated])
      .when([activated])
      .then(
        rows('admin_accounts', [{ id: adminId, status: 'active' }]),
        rows('admin_sessions', [
          { session_hash: 'hash-1', signed_out_at: new Date('2026-11-23T12:00:00.000Z') },
          { session_hash: 'hash-2', signed_out_at: new Date('2026-11-23T12:00:00.000Z') },
        ]),
        answer((db) => findAdminBySession(db, 'hash-2', now), null),
      ));

  it('takes a deleted account out of every view and ends its sessions', () =>
    spec
      .given([created, signedIn])
      .when([event('AdminAccountDeleted', { adminId, username: 'Mod' }, { at: '2026-11-23T12:30:00.000Z' })])
      .then(
        rows('admin_accounts', []),
        rows('admin_sessions', [{ session_hash: 'hash-1', signed_out_at: new Date('2026-11-23T12:30:00.000Z') }]),
        answer((db) => findAdminAccount(db, adminId), null),
      ));
});
