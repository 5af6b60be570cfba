import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { chiefExists } from '@secretchatbox/projections';
import { DomainError } from '../../common/errors.js';
import { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG, DATABASE } from '../../infrastructure/tokens.js';
import { AdminAccountCreation } from './admin-account-creation.js';

const defaultChiefUsername = 'chief';

/**
 * On first start, creates the chief account from CHIEF_USERNAME and CHIEF_PASSWORD; without
 * them, with a random password printed once. Called once the server listens: a server that
 * failed to start would have printed a password for nothing, and made an account whose password
 * the next start does not print.
 */
@Injectable()
export class BootstrapChiefService {
  private readonly logger = new Logger('BootstrapChief');

  constructor(
    private readonly creation: AdminAccountCreation,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async createChiefIfMissing(): Promise<void> {
    if (await chiefExists(this.db)) return;
    const username = this.config.CHIEF_USERNAME ?? defaultChiefUsername;
    const password = this.config.CHIEF_PASSWORD ?? randomBytes(12).toString('base64url');
    try {
      await this.creation.create(
        { type: 'CreateAdminAccount', adminId: randomUUID(), username, role: 'chief', collegeCode: null },
        password,
        { context: { actor: { kind: 'system' } }, origin: CommandOrigin.fresh() },
      );
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (error instanceof DomainError && error.kind === 'conflict') return;
      throw error;
    }
    if (this.config.CHIEF_PASSWORD) {
      this.logger.log(`Chief account "${username}" created from CHIEF_USERNAME and CHIEF_PASSWORD`);
    } else {
      // Printed once, on purpose: this is the only way to learn the generated password.
      process.stdout.write(
        `\n  Chief account created.\n  Username: ${username}\n  Password: ${password}\n  (shown once; set CHIEF_USERNAME and CHIEF_PASSWORD to choose them)\n\n`,
      );
    }
  }
}
