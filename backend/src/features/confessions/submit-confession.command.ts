import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ConfessionSubmission, type ConfessionSubmitted201, limits, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findCollegeByCode } from '@secretchatbox/projections';
import { validationFailed } from '../../common/errors.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { nextQuotaDayStart, quotaDay } from '../daily-limit/quota-day.js';
import {
  confessionView,
  decideSubmission,
  networkQuotaStream,
  quotaView,
  sessionQuotaStream,
} from './confession.decider.js';

export class SubmitConfessionCommand extends Command<ConfessionSubmitted201> {
  constructor(
    readonly sessionId: string,
    readonly networkKey: string,
    readonly submission: ConfessionSubmission,
  ) {
    super();
  }
}

@CommandHandler(SubmitConfessionCommand)
export class SubmitConfessionHandler implements ICommandHandler<SubmitConfessionCommand> {
  /** No event removes a college: one found once needs no second look. */
  private readonly knownColleges = new Set<string>();

  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ sessionId, networkKey, submission }: SubmitConfessionCommand): Promise<ConfessionSubmitted201> {
    if (!(await this.collegeExists(submission.collegeCode))) {
      throw validationFailed({ collegeCode: messages.unknownCollege });
    }
    const now = this.clock.now();
    const day = quotaDay(now, this.config.QUOTA_TIMEZONE);
    const retryAfterSeconds = Math.ceil(
      (nextQuotaDayStart(now, this.config.QUOTA_TIMEZONE).getTime() - now.getTime()) / 1000,
    );
    const confessionId = randomUUID();
    // The quota stream the decision appended to says how many remain: no read-back is needed.
    let usedAfter = 0;
    await this.commands.executeAcross(
      {
        confession: confessionView(confessionId),
        session: quotaView(sessionQuotaStream(sessionId, day)),
        network: quotaView(networkQuotaStream(networkKey, day)),
      },
      (states) => {
        usedAfter = states.session.used + 1;
        return decideSubmission(
          {
            confessionId,
            sessionId,
            networkKey,
            quotaDay: day,
            collegeCode: submission.collegeCode,
            category: submission.category,
            content: submission.content,
            nickname: submission.nickname ?? null,
          },
          states,
          { perSession: limits.dailyConfessions, perNetwork: this.config.NETWORK_CONFESSION_LIMIT, retryAfterSeconds },
        );
      },
      { actor: { kind: 'visitor', sessionId }, collegeCode: submission.collegeCode },
    );
    return { id: confessionId, status: 'pending', remaining: Math.max(0, limits.dailyConfessions - usedAfter) };
  }

  private async collegeExists(code: string): Promise<boolean> {
    if (this.knownColleges.has(code)) return true;
    if (!(await findCollegeByCode(this.db, code))) return false;
    this.knownColleges.add(code);
    return true;
  }
}
