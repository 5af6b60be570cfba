import { Injectable } from '@nestjs/common';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import { ProjectionsService } from './projections.service.js';

/**
 * When the read models may have changed. Read models change only when a projection applies
 * events, and this process's runners report that here at once: each report starts a new
 * generation. Caches of read-model answers keep an entry for one generation only, and only while
 * every projection runs in this process (`seesEveryChange`); otherwise a change applied elsewhere
 * would go unnoticed. So a cached answer never predates a write acknowledged before the request:
 * writes answer once their projections applied them.
 */
@Injectable()
export class ReadModelChanges {
  private current = 0;

  constructor(private readonly projections: ProjectionsService) {
    for (const runner of projections.runners) {
      let known: Position | null = null;
      runner.onProgress((position) => {
        if (known && comparePositions(position, known) <= 0) return;
        known = position;
        this.current += 1;
      });
    }
  }

  get generation(): number {
    return this.current;
  }

  get seesEveryChange(): boolean {
    const { runners } = this.projections;
    return runners.length > 0 && runners.every((runner) => runner.isActive);
  }
}
