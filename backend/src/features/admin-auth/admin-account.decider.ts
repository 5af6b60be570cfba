import {
  type AdminAccountCreated,
  type AdminRole,
  type AdminSignedIn,
  type AdminSignedOut,
  messages,
} from '@secretchatbox/contracts';
import { conflict, unauthorized } from '../../common/errors.js';
import type { Decider } from '../../common/event-sourcing/decider.js';
import { uuidFromName } from '../../common/ids.js';

export type AdminAccountCommand =
  | {
      type: 'CreateAdminAccount';
      adminId: string;
      username: string;
      passwordHash: string;
      role: AdminRole;
      collegeCode: string | null;
    }
  | { type: 'SignIn'; adminId: string; sessionHash: string; expiresAt: string }
  | { type: 'SignOut'; adminId: string; sessionHash: string };

export type AdminAccountEvent = AdminAccountCreated | AdminSignedIn | AdminSignedOut;
export type AdminAccountState = Readonly<{ exists: boolean; openSessions: ReadonlySet<string> }>;

/** One stream per username: appending its creation to a new stream is what keeps usernames unique. */
export const adminIdFor = (username: string) => uuidFromName(`admin:${username.toLowerCase()}`);
export const adminAccountStream = (adminId: string) => `adminAccount-${adminId}`;

export const adminAccountDecider: Decider<AdminAccountCommand, AdminAccountEvent, AdminAccountState> = {
  initialState: () => ({ exists: false, openSessions: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'AdminAccountCreated':
        return { ...state, exists: true };
      case 'AdminSignedIn':
        return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionHash]) };
      case 'AdminSignedOut': {
        const openSessions = new Set(state.openSessions);
        openSessions.delete(event.data.sessionHash);
        return { ...state, openSessions };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateAdminAccount': {
        if (state.exists) throw conflict('That username is already taken');
        const { type: _command, ...data } = command;
        return [{ type: 'AdminAccountCreated', data }];
      }
      case 'SignIn':
        if (!state.exists) throw unauthorized(messages.loginFailed);
        return [
          {
            type: 'AdminSignedIn',
            data: { adminId: command.adminId, sessionHash: command.sessionHash, expiresAt: command.expiresAt },
          },
        ];
      case 'SignOut':
        if (!state.openSessions.has(command.sessionHash)) return [];
        return [{ type: 'AdminSignedOut', data: { adminId: command.adminId, sessionHash: command.sessionHash } }];
    }
  },
};
