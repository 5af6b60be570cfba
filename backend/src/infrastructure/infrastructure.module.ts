import { type DynamicModule, Global, Module } from '@nestjs/common';
import { allProjections, ProjectionProgress, type Storage } from '@secretchatbox/projections';
import { CommandIds } from '../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../common/event-sourcing/event-sourced-commands.js';
import type { AppConfig } from '../config/app-config.js';
import { type Clock, systemClock } from './clock.js';
import { Argon2PasswordHasher } from './password-hasher.js';
import { ProjectionsService } from './projections.service.js';
import { ReadModelChanges } from './read-model-changes.js';
import { ModerationPseudonyms } from '../identity/moderation-pseudonyms.js';
import { VisitorSessions } from '../identity/visitor-sessions.js';
import { SessionSecret } from './session-secret.js';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE, PASSWORD_HASHER } from './tokens.js';

export type InfrastructureOptions = Readonly<{ config: AppConfig; storage: Storage; clock?: Clock }>;

/** The ports every feature depends on, bound to their adapters. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot({ config, storage, clock }: InfrastructureOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: storage.db },
        { provide: EVENT_STORE, useValue: storage.store },
        { provide: CLOCK, useValue: clock ?? systemClock },
        { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
        { provide: ProjectionProgress, useFactory: () => new ProjectionProgress(storage.db, allProjections) },
        ProjectionsService,
        ReadModelChanges,
        EventSourcedCommands,
        CommandIds,
        SessionSecret,
        VisitorSessions,
        ModerationPseudonyms,
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
        ModerationPseudonyms,
      ],
    };
  }
}
