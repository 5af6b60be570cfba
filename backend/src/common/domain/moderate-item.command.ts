import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ConfessionPublishedNotice } from '@secretchatbox/contracts';
import { formatPosition } from '@secretchatbox/event-store';
import type { CommandOrigin } from '../event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../event-sourcing/write-answers.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { SocketBroadcasts } from '../../realtime/socket-broadcasts.js';
import type { ModerationDecider, Moderator } from './moderation-decider.js';

/**
 * A moderation as the API offers it: the decider that rules on the item, and what the moderator
 * is answered (and the boards are told) from the decision and the state after it.
 */
export type Moderation<C extends { moderator: Moderator }, S, A> = Readonly<{
  decider: ModerationDecider<C, S>;
  answer(command: C, state: S): A;
  /** What the decision put in a public feed, for the boards watching it. */
  published?(command: C, state: S): Omit<ConfessionPublishedNotice, 'position'> | null;
}>;

/** A moderator's decision on one item, by the item's moderation. */
export class ModerateItemCommand<C extends { moderator: Moderator }, S, A> extends Command<WriteAnswer<A>> {
  constructor(
    readonly admin: AdminIdentity,
    readonly moderation: Moderation<C, S, A>,
    readonly decision: C,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

/** Every answer to a moderator is a JSON object. */
type Answer = Readonly<Record<string, unknown>>;
type AnyModeration = ModerateItemCommand<{ moderator: Moderator }, unknown, Answer>;

/**
 * Every moderation decision, whatever the item: the decider checks the moderator's scope against
 * the college in the item's streams, and the events name the moderator and that college.
 */
@CommandHandler(ModerateItemCommand)
export class ModerateItemHandler implements ICommandHandler<AnyModeration> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly feeds: SocketBroadcasts,
  ) {}

  async execute({ admin, moderation, decision, origin }: AnyModeration): Promise<WriteAnswer<Answer>> {
    const { decider } = moderation;
    const written = await this.commands.run(decider, decision, {
      context: (read) => adminContext(admin.user, decider.collegeOf(read)),
      origin,
    });
    const state = written.answer;
    // Told once the read models show it (not yet visible, the boards could not read it), and only
    // when the decision changed something.
    if (written.visible && written.position) {
      const published = moderation.published?.(decision, state);
      if (published) this.feeds.confessionPublished({ ...published, position: formatPosition(written.position) });
    }
    return answerOf({ ...written, answer: moderation.answer(decision, state) });
  }
}
