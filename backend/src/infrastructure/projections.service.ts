import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { allProjections, AuditChainWriter, ProjectionProgress, ProjectionRunner } from '@secretchatbox/projections';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG, DATABASE, EVENT_STORE } from './tokens.js';

/**
 * Runs every projection in this process, as one runner (one transaction per batch for all), and
 * the audit chain's writer, or stands by while another process runs them; with
 * RUN_PROJECTIONS=false it leaves them to the projections worker.
 */
@Injectable()
export class ProjectionsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  readonly runners: ProjectionRunner[];
  readonly chainWriter: AuditChainWriter | null;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly progress: ProjectionProgress,
  ) {
    const logger = {
      info: (message: string, fields?: Record<string, unknown>) => this.logger.log({ msg: message, ...fields }),
      error: (message: string, fields?: Record<string, unknown>) => this.logger.error({ msg: message, ...fields }),
    };
    this.runners = config.RUN_PROJECTIONS ? [new ProjectionRunner(db, store, allProjections, { logger })] : [];
    this.chainWriter = config.RUN_PROJECTIONS ? new AuditChainWriter(db, store, { logger }) : null;
  }

  async onModuleInit(): Promise<void> {
    await this.progress.start(this.runners);
    for (const runner of this.runners) runner.start();
    this.chainWriter?.start();
  }

  /**
   * Before the HTTP server closes: `npm start` closes the storage once it has, and Nest 12 calls
   * `onApplicationShutdown` only after that, when the runners could no longer stop cleanly.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.runners.map((runner) => runner.stop()), this.chainWriter?.stop()]);
    await this.progress.stop();
  }
}
