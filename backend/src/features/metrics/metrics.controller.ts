import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { messages } from '@secretchatbox/contracts';
import { bearerTokenMatches } from '@secretchatbox/projections';
import type { FastifyReply } from 'fastify';
import { unauthorized } from '../../common/errors.js';
import type { AppConfig } from '../../config/app-config.js';
import { Metrics } from '../../infrastructure/metrics.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';

/**
 * `GET /metrics` for Prometheus. It has no endpoint contract, so it is neither rate-limited nor in
 * the OpenAPI document; with METRICS_TOKEN set, only `Authorization: Bearer <token>` reads it.
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (token !== undefined && !bearerTokenMatches(authorization, token)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized(messages.metricsTokenRequired);
    }
    void reply.header('Content-Type', this.metrics.contentType);
    return this.metrics.scrape();
  }
}
