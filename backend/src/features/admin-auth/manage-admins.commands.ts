import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler, type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AdminAccountView,
  type AdminRole,
  type AdminStatus,
  type CreateAdminInput,
  type DeletionResult,
  messages,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findAdminAccount, findCollegeByCode, listAdminAccounts } from '@secretchatbox/projections';
import { notFound, NotYetVisible, validationFailed } from '../../common/errors.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { type AdminAccountCommand, adminAccountDecider } from './admin-account.decider.js';
import { AdminAccountCreation } from './admin-account-creation.js';
import { AdminCredentials } from './admin-credentials.js';

const spansColleges = (role: AdminRole) => role === 'chief' || role === 'auditor';

/**
 * Normal and college admins belong to an existing college; chief and auditor accounts to none.
 * A college admin's new normal admins join its own college when none is named.
 */
async function collegeFor(db: Database, role: AdminRole, requested: string | null | undefined, manager: AdminIdentity) {
  if (spansColleges(role)) return null;
  const code = requested ?? (manager.user.role === 'college' ? manager.user.collegeCode : null);
  if (!code) throw validationFailed({ collegeCode: messages.collegeRequiredForRole });
  if (!(await findCollegeByCode(db, code))) throw validationFailed({ collegeCode: messages.unknownCollege });
  return code;
}

export class CreateAdminCommand extends Command<AdminAccountView> {
  constructor(
    readonly manager: AdminIdentity,
    readonly input: CreateAdminInput,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(CreateAdminCommand)
export class CreateAdminHandler implements ICommandHandler<CreateAdminCommand> {
  constructor(
    private readonly creation: AdminAccountCreation,
    @Inject(DATABASE) private readonly db: Database,
    private readonly ids: CommandIds,
  ) {}

  async execute({ manager, input, origin }: CreateAdminCommand): Promise<AdminAccountView> {
    const collegeCode = await collegeFor(this.db, input.role, input.collegeCode, manager);
    // Random, or from the Idempotency-Key: a username used again after a deletion gets a new stream.
    const adminId = this.ids.newId(origin, 'admin-account');
    await this.creation.create(
      {
        type: 'CreateAdminAccount',
        adminId,
        username: input.username,
        role: input.role,
        collegeCode,
        manager: manager.user,
      },
      input.password,
      { context: adminContext(manager.user, collegeCode), accepted: { id: adminId }, origin },
    );
    return (await findAdminAccount(this.db, adminId))!;
  }
}

type AccountChange =
  | { type: 'ChangeCollege'; collegeCode: string | null | undefined }
  | { type: 'ChangeStatus'; status: AdminStatus }
  | { type: 'DeleteAdminAccount' };

/** A change to an existing account, decided on the account's own stream. */
export class ChangeAdminCommand<C extends AccountChange = AccountChange> extends Command<
  C['type'] extends 'DeleteAdminAccount' ? DeletionResult : AdminAccountView
> {
  constructor(
    readonly manager: AdminIdentity,
    readonly adminId: string,
    readonly change: C,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(ChangeAdminCommand)
export class ChangeAdminHandler implements ICommandHandler<ChangeAdminCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
    private readonly credentials: AdminCredentials,
  ) {}

  async execute({ manager, adminId, change, origin }: ChangeAdminCommand) {
    const target = await findAdminAccount(this.db, adminId);
    if (!target) throw notFound(messages.adminNotFound);
    const command: AdminAccountCommand =
      change.type === 'ChangeCollege'
        ? {
            ...change,
            adminId,
            manager: manager.user,
            collegeCode: await collegeFor(this.db, target.role, change.collegeCode, manager),
          }
        : change.type === 'DeleteAdminAccount'
          ? { ...change, adminId, username: target.username, manager: manager.user }
          : { ...change, adminId, manager: manager.user };
    const changed = this.commands.run(adminAccountDecider, command, {
      context: adminContext(manager.user, target.collegeCode),
      accepted: { id: adminId },
      origin,
    });
    if (change.type !== 'DeleteAdminAccount') {
      await changed;
      return (await findAdminAccount(this.db, adminId))!;
    }
    await afterStored(changed, () => this.credentials.forget(adminId));
    // The command's type ties each change to its answer; the cast states that for the handler.
    return { id: adminId, status: 'deleted' } as DeletionResult & AdminAccountView;
  }
}

/** Runs `then` once `write` is stored: when it succeeded, and when it was saved but not yet readable (202). */
async function afterStored(write: Promise<unknown>, then: () => Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (error instanceof NotYetVisible) await then();
    throw error;
  }
  await then();
}

export class ListAdminsQuery extends Query<AdminAccountView[]> {
  constructor(readonly manager: AdminIdentity) {
    super();
  }
}

/** Every account for the chief; a college admin sees its college's normal admins. */
@QueryHandler(ListAdminsQuery)
export class ListAdminsHandler implements IQueryHandler<ListAdminsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ manager: { user } }: ListAdminsQuery): Promise<AdminAccountView[]> {
    if (user.role === 'chief') return listAdminAccounts(this.db);
    return listAdminAccounts(this.db, { collegeCode: user.collegeCode ?? '', role: 'normal' });
  }
}
