import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ConfessionSubmission, type ConfessionSubmitted201, limits, messages } from '@secretchatbox/contracts';
import { validationFailed } from '../../common/errors.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { KnownColleges } from '../../common/known-colleges.js';
import { nextQuotaDayStart, quotaDay } from '../../common/quota-day.js';
import { type SubmissionState, submitConfession } from './submit-confession.decider.js';

export class SubmitConfessionCommand extends Command<WriteAnswer<ConfessionSubmitted201>> {
  constructor(
    readonly sessionId: string,
    readonly networkKey: string,
    readonly submission: ConfessionSubmission,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(SubmitConfessionCommand)
export class SubmitConfessionHandler implements ICommandHandler<SubmitConfessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly ids: CommandIds,
    private readonly colleges: KnownColleges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    sessionId,
    networkKey,
    submission,
    origin,
  }: SubmitConfessionCommand): Promise<WriteAnswer<ConfessionSubmitted201>> {
    const { collegeCode, category, content } = submission;
    if (!(await this.colleges.exists(collegeCode))) throw validationFailed({ collegeCode: messages.unknownCollege });
    const now = this.clock.now();
    const retryAfterSeconds = Math.ceil(
      (nextQuotaDayStart(now, this.config.QUOTA_TIMEZONE).getTime() - now.getTime()) / 1000,
    );
    const confessionId = this.ids.newId(origin, 'confession');
    // The quota stream the decision appended to says how many remain: no read-back is needed.
    const answer = (after: SubmissionState): ConfessionSubmitted201 => ({
      id: confessionId,
      status: 'pending',
      remaining: Math.max(0, limits.dailyConfessions - after.sessionUsed),
    });
    const written = await this.commands.run(
      submitConfession,
      {
        confessionId,
        sessionId,
        networkKey,
        quotaDay: quotaDay(now, this.config.QUOTA_TIMEZONE),
        collegeCode,
        category,
        content,
        nickname: submission.nickname ?? null,
        limits: {
          perSession: limits.dailyConfessions,
          perNetwork: this.config.NETWORK_CONFESSION_LIMIT,
          retryAfterSeconds,
        },
      },
      { context: { actor: { kind: 'visitor', sessionId }, collegeCode }, answer, origin },
    );
    return answerOf(written);
  }
}
