import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionCreated } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { visitorIdLength, VisitorSessions } from '../../identity/visitor-sessions.js';
import { SessionSecret } from '../../infrastructure/session-secret.js';
import { visitorSessionDecider } from './visitor-session.decider.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';

export class StartVisitorSessionCommand extends Command<WriteAnswer<SessionCreated>> {
  constructor(readonly origin: CommandOrigin) {
    super();
  }
}

/** The server picks the token; a client can never name its own session. */
@CommandHandler(StartVisitorSessionCommand)
export class StartVisitorSessionHandler implements ICommandHandler<StartVisitorSessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly secret: SessionSecret,
    private readonly ids: CommandIds,
    private readonly visitors: VisitorSessions,
  ) {}

  async execute({ origin }: StartVisitorSessionCommand): Promise<WriteAnswer<SessionCreated>> {
    const sessionToken = this.ids.newToken(origin, 'visitor-session');
    const sessionId = this.secret.derive(sessionToken, visitorIdLength);
    const written = await this.commands.run(
      visitorSessionDecider,
      { sessionId },
      { context: { actor: { kind: 'visitor', sessionId } }, answer: () => ({ sessionToken, sessionId }), origin },
    );
    if (written.visible) this.visitors.started(sessionId);
    return answerOf(written);
  }
}
