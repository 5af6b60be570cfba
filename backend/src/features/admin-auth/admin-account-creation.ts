import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors.js';
import {
  EventSourcedCommands,
  type RunOptions,
  type Written,
} from '../../common/event-sourcing/event-sourced-commands.js';
import type { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { PASSWORD_HASHER } from '../../infrastructure/tokens.js';
import { type AdminAccountCommand, adminAccountDecider, type AdminAccountState } from './admin-account.decider.js';
import { AdminCredentials } from './admin-credentials.js';

export type CreateAdminAccount = Extract<AdminAccountCommand, { type: 'CreateAdminAccount' }>;

/**
 * Creates an account with its password. The event store cannot append inside another transaction,
 * so the hash is kept first, under the id the account will have, and the creation appended after:
 * a crash in between leaves a hash of no account (a login only reads the hash of an account it
 * found), never an account without its hash. A refused creation takes its hash back.
 */
@Injectable()
export class AdminAccountCreation {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly credentials: AdminCredentials,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async create(
    command: CreateAdminAccount,
    password: string,
    options: RunOptions<AdminAccountState>,
  ): Promise<Written<AdminAccountState>> {
    await this.credentials.keepNew(command.adminId, await this.hasher.hash(password));
    try {
      return await this.commands.run(adminAccountDecider, command, options);
    } catch (error) {
      if (error instanceof DomainError) await this.credentials.forget(command.adminId);
      throw error;
    }
  }
}
