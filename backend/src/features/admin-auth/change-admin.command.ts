import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AdminAccountView, type AdminStatus, type DeletionResult, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findAdminAccount } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { type AdminAccountCommand, adminAccountDecider } from './admin-account.decider.js';
import { AdminCredentials } from './admin-credentials.js';
import { collegeFor } from './admin-college.js';

type AccountChange =
  | { type: 'ChangeCollege'; collegeCode: string | null | undefined }
  | { type: 'ChangeStatus'; status: AdminStatus }
  | { type: 'DeleteAdminAccount' };

/** A change to an existing account, decided on the account's own stream. */
export class ChangeAdminCommand<C extends AccountChange = AccountChange> extends Command<
  WriteAnswer<C['type'] extends 'DeleteAdminAccount' ? DeletionResult : AdminAccountView, { id: string }>
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
    const written = await this.commands.run(adminAccountDecider, command, {
      context: adminContext(manager.user, target.collegeCode),
      origin,
    });
    // A deleted account's password goes once the deletion is stored, readable yet or not.
    if (change.type === 'DeleteAdminAccount') await this.credentials.forget(adminId);
    if (!written.visible) return new SavedNotYetVisible({ id: adminId }, written.position);
    if (change.type !== 'DeleteAdminAccount') return (await findAdminAccount(this.db, adminId))!;
    // The command's type ties each change to its answer; the cast states that for the handler.
    return { id: adminId, status: 'deleted' } as DeletionResult & AdminAccountView;
  }
}
