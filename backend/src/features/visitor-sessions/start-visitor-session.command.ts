import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionCreated } from '@secretchatbox/contracts';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { visitorIdLength } from '../../identity/identity.guard.js';
import { newSessionToken } from '../../identity/session-tokens.js';
import { SessionSecret } from '../../infrastructure/session-secret.js';
import { visitorSessionDecider, visitorSessionStream } from './visitor-session.decider.js';

export class StartVisitorSessionCommand extends Command<SessionCreated> {}

/** The server picks the token; a client can never name its own session. */
@CommandHandler(StartVisitorSessionCommand)
export class StartVisitorSessionHandler implements ICommandHandler<StartVisitorSessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly secret: SessionSecret,
  ) {}

  async execute(): Promise<SessionCreated> {
    const sessionToken = newSessionToken();
    const sessionId = this.secret.derive(sessionToken, visitorIdLength);
    await this.commands.execute(
      visitorSessionStream(sessionId),
      visitorSessionDecider,
      { sessionId },
      { actor: { kind: 'visitor', sessionId } },
    );
    return { sessionToken, sessionId };
  }
}
