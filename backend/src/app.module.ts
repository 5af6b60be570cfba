import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ErrorFilter } from './common/http/error-filter.js';
import { IdempotencyGuard } from './common/http/idempotency.js';
import { PathParamsPipe } from './common/http/path-params.pipe.js';
import { AdminAuthModule } from './features/admin-auth/admin-auth.module.js';
import { AuditModule } from './features/audit/audit.module.js';
import { ApiDocsModule } from './features/api-docs/api-docs.module.js';
import { ChatModule } from './features/chat/chat.module.js';
import { CollegesModule } from './features/colleges/colleges.module.js';
import { CommentsModule } from './features/comments/comments.module.js';
import { ConfessionsModule } from './features/confessions/confessions.module.js';
import { DailyLimitModule } from './features/daily-limit/daily-limit.module.js';
import { DirectMessagesModule } from './features/direct-messages/direct-messages.module.js';
import { HealthModule } from './features/health/health.module.js';
import { MetricsModule } from './features/metrics/metrics.module.js';
import { ModerationModule } from './features/moderation/moderation.module.js';
import { PairingModule } from './features/pairing/pairing.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { StatsModule } from './features/stats/stats.module.js';
import { VisitorSessionsModule } from './features/visitor-sessions/visitor-sessions.module.js';
import { IdentityGuard } from './identity/identity.guard.js';
import { InfrastructureModule, type InfrastructureOptions } from './infrastructure/infrastructure.module.js';
import { RateLimitingModule } from './rate-limiting/rate-limiting.module.js';

@Module({})
export class AppModule {
  static forRoot(options: InfrastructureOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        InfrastructureModule.forRoot(options),
        RateLimitingModule,
        CollegesModule,
        ConfessionsModule,
        CommentsModule,
        ModerationModule,
        PairingModule,
        AuditModule,
        DirectMessagesModule,
        VisitorSessionsModule,
        DailyLimitModule,
        AdminAuthModule,
        HealthModule,
        MetricsModule,
        ApiDocsModule,
        RealtimeModule,
        ChatModule,
        StatsModule,
      ],
      providers: [
        // In this order: the idempotency scope names the caller the identity guard found.
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_GUARD, useClass: IdempotencyGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_PIPE, useClass: PathParamsPipe },
      ],
    };
  }
}
