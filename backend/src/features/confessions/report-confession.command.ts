import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReportReceived, ReportSubmission } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { reportConfession } from './reports.decider.js';

export class ReportConfessionCommand extends Command<WriteAnswer<ReportReceived, { id: string }>> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly report: ReportSubmission,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(ReportConfessionCommand)
export class ReportConfessionHandler implements ICommandHandler<ReportConfessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    sessionId,
    confessionId,
    report,
    origin,
  }: ReportConfessionCommand): Promise<WriteAnswer<ReportReceived, { id: string }>> {
    const written = await this.commands.run(
      reportConfession,
      {
        confessionId,
        sessionId,
        reason: report.reason,
        note: report.note ?? null,
        hideAt: this.config.AUTO_HIDE_REPORTS,
      },
      {
        context: { actor: { kind: 'visitor', sessionId } },
        answer: (): ReportReceived => ({ status: 'received' }),
        origin,
      },
    );
    return answerOf(written, { id: confessionId });
  }
}
