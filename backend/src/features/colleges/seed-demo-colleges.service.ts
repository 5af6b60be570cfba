import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { demoColleges } from './demo-colleges.js';
import { ListCollegesQuery } from './list-colleges.query.js';
import { RegisterCollegeCommand } from './register-college.command.js';

/** Creates the demo colleges and rooms through ordinary commands, once per installation. */
@Injectable()
export class SeedDemoCollegesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    // A college the read model lists is registered: its command would change nothing, and the four
    // of them took a tenth of an embedded restart (docs/performance.md). One it does not list yet
    // (a read model behind its events) is registered again, which changes nothing either.
    const listed = new Set((await this.queries.execute(new ListCollegesQuery())).map((college) => college.code));
    for (const college of demoColleges)
      if (!listed.has(college.code)) await this.commands.execute(new RegisterCollegeCommand(college));
    this.logger.log(`Demo colleges ready: ${demoColleges.map((college) => college.code).join(', ')}`);
  }
}
