import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { allProjections, ProjectionProgress, type Storage } from '@secretchatbox/projections';
import { CommandIds } from '../common/event-sourcing/command-ids.js';
import { KnownColleges } from '../common/known-colleges.js';
import { EventSourcedCommands } from '../common/event-sourcing/event-sourced-commands.js';
import type { AppConfig } from '../config/app-config.js';
import { type Clock, systemClock } from './clock.js';
import { Draining } from './draining.js';
import { Metrics } from './metrics.js';
import { Argon2PasswordHasher } from './password-hasher.js';
import { ProjectionMetrics } from './projection-metrics.js';
import { ProjectionsService } from './projections.service.js';
import { ReadModelChanges } from './read-model-changes.js';
import { AdminSessions } from '../identity/admin-sessions.js';
import { ModerationPseudonyms } from '../identity/moderation-pseudonyms.js';
import { VisitorSessions } from '../identity/visitor-sessions.js';
import { SessionSecret } from './session-secret.js';
import type { Redis } from './redis.js';
import { timedAppends } from './timed-appends.js';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE, PASSWORD_HASHER, REDIS } from './tokens.js';

/** `redis`: the connections of Redis mode (REDIS_URL), or null when everything stays in process. */
export type InfrastructureOptions = Readonly<{
  config: AppConfig;
  storage: Storage;
  clock?: Clock;
  redis: Redis | null;
}>;

/** Closes the Redis connections once the application, socket.io's adapter included, has closed. */
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.close();
  }
}

/** The ports every feature depends on, bound to their adapters. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot({ config, storage, clock, redis }: InfrastructureOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: storage.db },
        Metrics,
        {
          provide: EVENT_STORE,
          useFactory: (metrics: Metrics) => timedAppends(storage.store, (seconds) => metrics.appended(seconds)),
          inject: [Metrics],
        },
        ProjectionMetrics,
        { provide: CLOCK, useValue: clock ?? systemClock },
        { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
        { provide: ProjectionProgress, useFactory: () => new ProjectionProgress(storage.db, allProjections) },
        ProjectionsService,
        ReadModelChanges,
        EventSourcedCommands,
        CommandIds,
        SessionSecret,
        VisitorSessions,
        AdminSessions,
        ModerationPseudonyms,
        KnownColleges,
        { provide: REDIS, useValue: redis },
        RedisShutdown,
        Draining,
      ],
      exports: [
        APP_CONFIG,
        DATABASE,
        EVENT_STORE,
        CLOCK,
        PASSWORD_HASHER,
        ProjectionProgress,
        ProjectionsService,
        ReadModelChanges,
        EventSourcedCommands,
        CommandIds,
        SessionSecret,
        VisitorSessions,
        AdminSessions,
        ModerationPseudonyms,
        KnownColleges,
        REDIS,
        Metrics,
        Draining,
      ],
    };
  }
}
