import type { AdminStatus } from '../rules/limits.js';
import type { AdminRole, Event } from './event.js';

/**
 * A visitor's anonymous session. `sessionId` is a keyed hash of the secret token, so the
 * event log never holds the token itself.
 */
export type VisitorSessionStarted = Event<'VisitorSessionStarted', { sessionId: string }>;

export type AdminAccountCreated = Event<
  'AdminAccountCreated',
  {
    adminId: string;
    username: string;
    /** A slow password hash (argon2id); never returned by any response or export. */
    passwordHash: string;
    role: AdminRole;
    collegeCode: string | null;
  }
>;

/** `sessionHash` is the SHA-256 of the admin session token; the token itself is never stored. */
export type AdminSignedIn = Event<'AdminSignedIn', { adminId: string; sessionHash: string; expiresAt: string }>;

export type AdminSignedOut = Event<'AdminSignedOut', { adminId: string; sessionHash: string }>;

export type AdminCollegeChanged = Event<'AdminCollegeChanged', { adminId: string; collegeCode: string | null }>;
/** Deactivation ends the account's sessions at once; activation lets it sign in again. */
export type AdminStatusChanged = Event<'AdminStatusChanged', { adminId: string; status: AdminStatus }>;
/** The account and its sessions end; its events stay for auditors, and the username may be used again. */
export type AdminAccountDeleted = Event<'AdminAccountDeleted', { adminId: string; username: string }>;
