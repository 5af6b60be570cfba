import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AdminAccountView, type CreateAdminInput } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findAdminAccount } from '@secretchatbox/projections';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { AdminAccountCreation } from './admin-account-creation.js';
import { collegeFor } from './admin-college.js';

export class CreateAdminCommand extends Command<WriteAnswer<AdminAccountView, { id: string }>> {
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

  async execute({
    manager,
    input,
    origin,
  }: CreateAdminCommand): Promise<WriteAnswer<AdminAccountView, { id: string }>> {
    const collegeCode = await collegeFor(this.db, input.role, input.collegeCode, manager);
    // Random, or from the Idempotency-Key: a username used again after a deletion gets a new stream.
    const adminId = this.ids.newId(origin, 'admin-account');
    const written = await this.creation.create(
      {
        type: 'CreateAdminAccount',
        adminId,
        username: input.username,
        role: input.role,
        collegeCode,
        manager: manager.user,
      },
      input.password,
      { context: adminContext(manager.user, collegeCode), origin },
    );
    if (!written.visible) return new SavedNotYetVisible({ id: adminId }, written.position);
    return (await findAdminAccount(this.db, adminId))!;
  }
}
