import {
  type AdminRole,
  type AdminStatus,
  type AuthUser,
  type DomainEvent,
  messages,
  streams,
} from '@secretchatbox/contracts';
import { conflict, forbidden, notFound, unauthorized } from '../../common/errors.js';
import {
  appendsTo,
  type Decider,
  evolveParts,
  evolverOf,
  reads,
  unhandled,
} from '../../common/event-sourcing/decider.js';
import { uuidFromName } from '../../common/ids.js';

/** Who manages accounts: the chief for every account, a college admin for its college's normal admins. */
export type AccountManager = Pick<AuthUser, 'id' | 'role' | 'collegeCode'>;

export type AdminAccountCommand =
  | {
      type: 'CreateAdminAccount';
      adminId: string;
      username: string;
      role: AdminRole;
      collegeCode: string | null;
      /** Absent for the bootstrap chief, which the system creates. */
      manager?: AccountManager;
    }
  | { type: 'ChangeCollege'; adminId: string; collegeCode: string | null; manager: AccountManager }
  | { type: 'ChangeStatus'; adminId: string; status: AdminStatus; manager: AccountManager }
  /** `username` names the username's stream, which the deletion frees. */
  | { type: 'DeleteAdminAccount'; adminId: string; username: string; manager: AccountManager }
  | { type: 'SignIn'; adminId: string; sessionHash: string; expiresAt: string }
  | { type: 'SignOut'; adminId: string; sessionHash: string };

/** Every event of an account's stream and of a username's stream. */
export type AdminAccountEvent = Extract<DomainEvent, { type: `Admin${string}` }>;

type Account = Readonly<{
  exists: boolean;
  username: string;
  role: AdminRole | null;
  collegeCode: string | null;
  status: AdminStatus;
  openSessions: ReadonlySet<string>;
}>;

/** The account of the command's id, and which account holds the username's stream, if the command reads it. */
export type AdminAccountState = Readonly<{ account: Account; usernameHolder: string | null }>;

/**
 * The id of an account created before ids were random: a name-based UUID of its username, whose
 * stream alone held the name (no username stream was claimed for it). New accounts get random ids,
 * so that a username deleted and used again starts a new stream instead of continuing the old one.
 */
export const legacyAdminIdFor = (username: string) => uuidFromName(`admin:${username.toLowerCase()}`);

const newAccount = (): Account => ({
  exists: false,
  username: '',
  role: null,
  collegeCode: null,
  status: 'active',
  openSessions: new Set(),
});

/** The chief manages every account; a college admin only its own college's normal admins (docs/product.md, Roles). */
function assertMayManage(manager: AccountManager, target: { role: AdminRole | null; collegeCode: string | null }) {
  if (manager.role === 'chief') return;
  if (manager.role === 'college' && target.role === 'normal' && target.collegeCode === manager.collegeCode) return;
  throw forbidden(messages.forbiddenRole);
}

function assertNotSelf(manager: AccountManager, adminId: string) {
  if (manager.id === adminId) throw forbidden(messages.cannotChangeOwnAccount);
}

const evolveAccount = evolverOf(['adminAccount'], (state: Account, event): Account => {
  const { type } = event;
  switch (type) {
    case 'AdminAccountCreated': {
      const { username, role, collegeCode } = event.data;
      return { ...newAccount(), exists: true, username, role, collegeCode };
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
      return newAccount();
    case 'AdminSignedIn':
      return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionHash]) };
    case 'AdminSignedOut': {
      const openSessions = new Set(state.openSessions);
      openSessions.delete(event.data.sessionHash);
      return { ...state, openSessions };
    }
    default:
      return unhandled(type);
  }
});

const evolveUsernameHolder = evolverOf(['adminUsername'], (_holder: string | null, event): string | null => {
  const { type } = event;
  switch (type) {
    case 'AdminUsernameClaimed':
      return event.data.adminId;
    case 'AdminUsernameReleased':
      return null;
    default:
      return unhandled(type);
  }
});

/**
 * Every command on an account, decided on the account's own stream; creating and deleting one
 * also take and free its username's stream, in the same atomic append.
 */
export const adminAccountDecider: Decider<AdminAccountCommand, AdminAccountState, AdminAccountEvent> = {
  streams(command) {
    const account = appendsTo(streams.adminAccount(command.adminId));
    switch (command.type) {
      case 'CreateAdminAccount':
        // An account created before usernames had streams holds its name by its own stream.
        return [
          account,
          appendsTo(streams.adminUsername(command.username)),
          reads(streams.adminAccount(legacyAdminIdFor(command.username))),
        ];
      case 'DeleteAdminAccount':
        return [account, appendsTo(streams.adminUsername(command.username))];
      default:
        return [account];
    }
  },
  initialState: () => ({ account: newAccount(), usernameHolder: null }),
  evolve: evolveParts<AdminAccountState>({ account: evolveAccount, usernameHolder: evolveUsernameHolder }),

  decide(command, { account, usernameHolder }) {
    switch (command.type) {
      case 'CreateAdminAccount': {
        const { manager, adminId, username, role, collegeCode } = command;
        if (manager) assertMayManage(manager, { role, collegeCode });
        // `account` folds the new id's stream and the username's legacy account stream alike.
        if (usernameHolder !== null || account.exists) throw conflict(messages.usernameTaken);
        return [
          { type: 'AdminAccountCreated', data: { adminId, username, passwordSet: true, role, collegeCode } },
          { type: 'AdminUsernameClaimed', data: { username, adminId } },
        ];
      }
      case 'ChangeCollege': {
        if (!account.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, account);
        assertMayManage(command.manager, { role: account.role, collegeCode: command.collegeCode });
        if (account.collegeCode === command.collegeCode) return [];
        return [{ type: 'AdminCollegeChanged', data: { adminId: command.adminId, collegeCode: command.collegeCode } }];
      }
      case 'ChangeStatus':
        if (!account.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, account);
        assertNotSelf(command.manager, command.adminId);
        if (account.status === command.status) return [];
        return [{ type: 'AdminStatusChanged', data: { adminId: command.adminId, status: command.status } }];
      case 'DeleteAdminAccount': {
        if (!account.exists) throw notFound(messages.adminNotFound);
        assertMayManage(command.manager, account);
        assertNotSelf(command.manager, command.adminId);
        const { adminId } = command;
        const deleted = { type: 'AdminAccountDeleted', data: { adminId, username: account.username } } as const;
        // A legacy account never claimed its username's stream: its own deletion frees the name.
        if (usernameHolder !== adminId) return [deleted];
        return [deleted, { type: 'AdminUsernameReleased', data: { username: account.username, adminId } }];
      }
      case 'SignIn':
        if (!account.exists || account.status !== 'active') throw unauthorized(messages.loginFailed);
        return [
          {
            type: 'AdminSignedIn',
            data: { adminId: command.adminId, sessionHash: command.sessionHash, expiresAt: command.expiresAt },
          },
        ];
      case 'SignOut':
        if (!account.openSessions.has(command.sessionHash)) return [];
        return [{ type: 'AdminSignedOut', data: { adminId: command.adminId, sessionHash: command.sessionHash } }];
    }
  },
};
