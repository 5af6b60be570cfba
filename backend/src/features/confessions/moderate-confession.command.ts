import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeletionResult, ModerationResult, ReportHandling } from '@secretchatbox/contracts';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import {
  confessionView,
  decideModeration,
  decideReportHandling,
  type HandleReports,
  type ModerateConfession,
  reportsView,
} from './confession.decider.js';

export class ModerateConfessionCommand<
  D extends ModerateConfession = ModerateConfession,
> extends Command<D['type'] extends 'Delete' ? DeletionResult : ModerationResult> {
  constructor(
    readonly admin: AdminIdentity,
    readonly decision: D,
  ) {
    super();
  }
}

const outcomes = { Approve: 'approved', Reject: 'rejected', Delete: 'deleted' } as const;

/** Approve, reject or delete: one event on the confession's stream, naming the moderator and the college. */
@CommandHandler(ModerateConfessionCommand)
export class ModerateConfessionHandler implements ICommandHandler<ModerateConfessionCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user }, decision }: ModerateConfessionCommand) {
    const view = confessionView(decision.confessionId);
    await this.commands.executeAcross(
      { confession: view },
      ({ confession }) => ({ confession: decideModeration(decision, confession, user) }),
      ({ confession }) => adminContext(user, confession.collegeCode),
    );
    // The command's type ties each decision to its answer; the cast states that for the handler.
    return { id: decision.confessionId, status: outcomes[decision.type] } as ModerationResult & DeletionResult;
  }
}

export class HandleReportsCommand extends Command<ReportHandling> {
  constructor(
    readonly admin: AdminIdentity,
    readonly command: HandleReports,
  ) {
    super();
  }
}

@CommandHandler(HandleReportsCommand)
export class HandleReportsHandler implements ICommandHandler<HandleReportsCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user }, command }: HandleReportsCommand): Promise<ReportHandling> {
    const { confessionId } = command;
    let handled: ReportHandling | undefined;
    await this.commands.executeAcross(
      { confession: confessionView(confessionId), reports: reportsView(confessionId) },
      (states) => {
        const events = decideReportHandling(command, states, user);
        const { open, hidden } = states.reports;
        handled =
          command.type === 'Review'
            ? { id: confessionId, reportedCount: open, reportsReviewed: true, hidden }
            : { id: confessionId, reportedCount: 0, reportsReviewed: false, hidden: false };
        return { reports: events };
      },
      ({ confession }) => adminContext(user, confession.collegeCode),
    );
    return handled!;
  }
}
