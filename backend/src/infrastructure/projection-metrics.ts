import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { allProjections, leasesOf, registerProjectionMetrics } from '@secretchatbox/projections';
import type { Clock } from './clock.js';
import { Metrics } from './metrics.js';
import { ProjectionsService } from './projections.service.js';
import { CLOCK, DATABASE, EVENT_STORE } from './tokens.js';

/**
 * Adds the projections' lag and the leases to the API's metrics, as the worker shows them. Every
 * instance reports the lag, which it reads from the database; only the one that runs the
 * projections holds their leases.
 */
@Injectable()
export class ProjectionMetrics {
  constructor(
    metrics: Metrics,
    projections: ProjectionsService,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) clock: Clock,
  ) {
    registerProjectionMetrics(metrics.registry, {
      db,
      store,
      projections: allProjections,
      now: () => clock.now(),
      leases: () => leasesOf(allProjections, projections.runners, projections.chainWriter),
    });
  }
}
