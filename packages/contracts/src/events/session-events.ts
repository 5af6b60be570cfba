import type { AdminStatus } from '../rules/limits.js';
import type { AdminRole, Event } from './event.js';

/**
 * A visitor's anonymous session. `sessionId` is a keyed hash of the secret token, so the
 * event log never holds the token itself.
 */
export type VisitorSessionStarted = Event<'VisitorSessionStarted', { sessionId: string }>;

/**
 * The account is made with a password: `passwordSet` records that one was set (by the event's
 * actor, at its time), and the hash itself is kept in the write side's credentials table, never in
 * the log, which is kept forever and exported to auditors. Version 1 carried `passwordHash`;
 * the upcaster drops it, and the start moves it out of stored events (admin-credentials.ts).
 */
export type AdminAccountCreated = Event<
  'AdminAccountCreated',
  { adminId: string; username: string; passwordSet: true; role: AdminRole; collegeCode: string | null }
>;

/**
 * A username's own stream records which account holds it: appended together with the account's
 * creation, so that of two accounts created with one username at once only one gets it.
 */
export type AdminUsernameClaimed = Event<'AdminUsernameClaimed', { username: string; adminId: string }>;
/** Appended with the account's deletion: a new account, with a new id, may take the username. */
export type AdminUsernameReleased = Event<'AdminUsernameReleased', { username: string; adminId: string }>;

/** `sessionHash` is the SHA-256 of the admin session token; the token itself is never stored. */
export type AdminSignedIn = Event<'AdminSignedIn', { adminId: string; sessionHash: string; expiresAt: string }>;

export type AdminSignedOut = Event<'AdminSignedOut', { adminId: string; sessionHash: string }>;

export type AdminCollegeChanged = Event<'AdminCollegeChanged', { adminId: string; collegeCode: string | null }>;
/** Deactivation ends the account's sessions at once; activation lets it sign in again. */
export type AdminStatusChanged = Event<'AdminStatusChanged', { adminId: string; status: AdminStatus }>;
/** The account and its sessions end; its events stay for auditors, and the username may be used again. */
export type AdminAccountDeleted = Event<'AdminAccountDeleted', { adminId: string; username: string }>;
