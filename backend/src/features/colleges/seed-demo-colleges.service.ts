import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { demoColleges } from './demo-colleges.js';
import { RegisterCollegeCommand } from './register-college.command.js';

/** Creates the demo colleges and rooms through ordinary commands, once per installation. */
@Injectable()
export class SeedDemoCollegesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    for (const college of demoColleges) await this.commands.execute(new RegisterCollegeCommand(college));
    this.logger.log(`Demo colleges ready: ${demoColleges.map((college) => college.code).join(', ')}`);
  }
}
