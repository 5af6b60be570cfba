import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReportReceived, ReportSubmission } from '@secretchatbox/contracts';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { confessionView, decideReport, reportsView } from './confession.decider.js';

export class ReportConfessionCommand extends Command<ReportReceived> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly report: ReportSubmission,
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

  async execute({ sessionId, confessionId, report }: ReportConfessionCommand): Promise<ReportReceived> {
    await this.commands.executeAcross(
      { confession: confessionView(confessionId), reports: reportsView(confessionId) },
      (states) => ({
        reports: decideReport(
          { confessionId, sessionId, reason: report.reason, note: report.note ?? null },
          states,
          this.config.AUTO_HIDE_REPORTS,
        ),
      }),
      { actor: { kind: 'visitor', sessionId } },
    );
    return { status: 'received' };
  }
}
