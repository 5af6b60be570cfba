import {
  type AdminAccountCreated,
  type AdminAccountDeleted,
  type AdminCollegeChanged,
  type AdminRole,
  type AdminSignedIn,
  type AdminSignedOut,
  type AdminStatus,
  type AdminStatusChanged,
  type AuthUser,
  messages,
  streams,
  type NewEvent,
} from '@secretchatbox/contracts';
import { conflict, forbidden, notFound, unauthorized } from '../../common/errors.js';
import { appendsTo, type Decider } from '../../common/event-sourcing/decider.js';
import { uuidFromName } from '../../common/ids.js';

/** Who manages accounts: the chief for every account, a college admin for its college's normal admins. */
export type AccountManager = Pick<AuthUser, 'id' | 'role' | 'collegeCode'>;

export type AdminAccountCommand =
  | {
      type: 'CreateAdminAccount';
      adminId: string;
      username: string;
      passwordHash: string;
      role: AdminRole;
      collegeCode: string | null;
      /** Absent for the bootstrap chief, which the system creates. */
      manager?: AccountManager;
    }
  | { type: 'ChangeCollege'; adminId: string; collegeCode: string | null; manager: AccountManager }
  | { type: 'ChangeStatus'; adminId: string; status: AdminStatus; manager: AccountManager }
  | { type: 'DeleteAdminAccount'; adminId: string; manager: AccountManager }
  | { type: 'SignIn'; adminId: string; sessionHash: string; expiresAt: string }
  | { type: 'SignOut'; adminId: string; sessionHash: string };

export type AdminAccountEvent =
  AdminAccountCreated | AdminCollegeChanged | AdminStatusChanged | AdminAccountDeleted | AdminSignedIn | AdminSignedOut;

export type AdminAccountState = Readonly<{
  exists: boolean;
  username: string;
  role: AdminRole | null;
  collegeCode: string | null;
  status: AdminStatus;
  openSessions: ReadonlySet<string>;
}>;

/** One stream per username: appending its creation to a new stream is what keeps usernames unique. */
export const adminIdFor = (username: string) => uuidFromName(`admin:${username.toLowerCase()}`);

const initialState = (): AdminAccountState => ({
  exists: false,
  username: '',
  role: null,
  collegeCode: null,
  status: 'active',
  openSessions: new Set(),
});

/** Brief section 4: the chief manages every account; a college admin only its own college's normal admins. */
function assertMayManage(manager: AccountManager, target: { role: AdminRole | null; collegeCode: string | null }) {
  if (manager.role === 'chief') return;
  if (manager.role === 'college' && target.role === 'normal' && target.collegeCode === manager.collegeCode) return;
  throw forbidden(messages.forbiddenRole);
}

function assertNotSelf(manager: AccountManager, adminId: string) {
  if (manager.id === adminId) throw forbidden(messages.cannotChangeOwnAccount);
}

/** Every command on an account, decided on the account's own stream. */
export const adminAccountDecider: Decider<AdminAccountCommand, AdminAccountState, AdminAccountEvent> = {
  streams: ({ adminId }) => [appendsTo(streams.adminAccount(adminId))],
  initialState,

  evolve(state, event: NewEvent) {
    switch (event.type) {
      case 'AdminAccountCreated': {
        const { username, role, collegeCode } = event.data;
        return { ...initialState(), exists: true, username, role, collegeCode };
      }
      case 'AdminCollegeChanged':
        return { ...state, collegeCode: event.data.collegeCode };
      case 'AdminStatusChanged':
        return {
          ...state,
          status: event.data.status,
          openSessions: event.data.status === 'inactive' ? new Set() : state.openSessions,
        };
      case 'AdminAccountDeleted':
        return initialState();
      case 'AdminSignedIn':
        return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionHash]) };
      case 'AdminSignedOut': {
        const openSessions = new Set(state.openSessions);
        openSessions.delete(event.data.sessionHash);
        return { ...state, openSessions };
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateAdminAccount': {
        const { type: _command, manager, ...data } = command;
        if (manager) assertMayManage(manager, data);
        if (state.exists) throw conflict(messages.usernameTaken);
        return [{ type: 'AdminAccountCreated', data }];
      }
      case 'ChangeCollege': {
        if (!state.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, state);
        assertMayManage(command.manager, { role: state.role, collegeCode: command.collegeCode });
        if (state.collegeCode === command.collegeCode) return [];
        return [{ type: 'AdminCollegeChanged', data: { adminId: command.adminId, collegeCode: command.collegeCode } }];
      }
      case 'ChangeStatus':
        if (!state.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, state);
        assertNotSelf(command.manager, command.adminId);
        if (state.status === command.status) return [];
        return [{ type: 'AdminStatusChanged', data: { adminId: command.adminId, status: command.status } }];
      case 'DeleteAdminAccount':
        if (!state.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, state);
        assertNotSelf(command.manager, command.adminId);
        return [{ type: 'AdminAccountDeleted', data: { adminId: command.adminId, username: state.username } }];
      case 'SignIn':
        if (!state.exists || state.status !== 'active') throw unauthorized(messages.loginFailed);
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
