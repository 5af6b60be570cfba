import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { SocketBroadcasts } from '../realtime/socket-broadcasts.js';
import type { ModerationDecider, Moderator } from './moderation-decider.js';

/** A moderator's decision on one item, by the item's decider. */
export class ModerateItemCommand<C extends { moderator: Moderator }, S, A> extends Command<A> {
  constructor(
    readonly admin: AdminIdentity,
    readonly decider: ModerationDecider<C, S, A>,
    readonly decision: C,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

/** Every answer to a moderator is a JSON object; a 202 carries it too. */
type Answer = Readonly<Record<string, unknown>>;

/**
 * Every moderation decision, whatever the item: the decider checks the moderator's scope against
 * the college in the item's streams, and the events name the moderator and that college.
 */
@CommandHandler(ModerateItemCommand)
export class ModerateItemHandler implements ICommandHandler<
  ModerateItemCommand<{ moderator: Moderator }, unknown, Answer>
> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly feeds: SocketBroadcasts,
  ) {}

  async execute({ admin, decider, decision, origin }: ModerateItemCommand<{ moderator: Moderator }, unknown, Answer>) {
    const { state } = await this.commands.run(decider, decision, {
      context: (read) => adminContext(admin.user, decider.collegeOf(read)),
      accepted: (after) => decider.answer(decision, after),
      origin,
    });
    // Told once the read models show it (a 202 tells no one: the boards could not read it yet).
    const published = decider.published?.(decision, state);
    if (published) this.feeds.confessionPublished(published);
    return decider.answer(decision, state);
  }
}
