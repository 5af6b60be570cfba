import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type DirectMessageInput, type DirectMessageSent201, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findVisitorCollege, findVisitorSession } from '@secretchatbox/projections';
import { badRequest, notFound } from '../../common/errors.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { nextQuotaDayStart, quotaDay } from '../../common/quota-day.js';
import type { AppConfig } from '../../config/app-config.js';
import type { VisitorIdentity } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { type DirectMessageSendState, sendDirectMessage } from './send-direct-message.decider.js';

export class SendDirectMessageCommand extends Command<WriteAnswer<DirectMessageSent201>> {
  constructor(
    readonly sender: VisitorIdentity,
    readonly input: DirectMessageInput,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(SendDirectMessageCommand)
export class SendDirectMessageHandler implements ICommandHandler<SendDirectMessageCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly ids: CommandIds,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ sender, input, origin }: SendDirectMessageCommand): Promise<WriteAnswer<DirectMessageSent201>> {
    const fromSessionId = sender.sessionId;
    const { toSessionId, content } = input;
    if (toSessionId === fromSessionId) throw badRequest(messages.directMessageToSelf);
    if (!(await findVisitorSession(this.db, toSessionId))) throw notFound(messages.recipientNotFound);
    const collegeCode = await this.collegeOf(fromSessionId, toSessionId);
    const now = this.clock.now();
    const zone = this.config.QUOTA_TIMEZONE;
    const daily = this.config.DIRECT_MESSAGE_DAILY_LIMIT;
    const messageId = this.ids.newId(origin, 'direct-message');
    const answer = ({ sent, used }: DirectMessageSendState): DirectMessageSent201 => ({
      id: messageId,
      content: sent?.content ?? content,
      fromSessionId,
      toSessionId: sent?.toSessionId ?? toSessionId,
      status: 'pending',
      adminNote: null,
      createdAt: now.toISOString(),
      remaining: Math.max(0, daily - used),
    });
    const written = await this.commands.run(
      sendDirectMessage,
      {
        messageId,
        fromSessionId,
        toSessionId,
        collegeCode,
        content,
        quotaDay: quotaDay(now, zone),
        limits: { daily, dayEndsInSeconds: Math.ceil((nextQuotaDayStart(now, zone).getTime() - now.getTime()) / 1000) },
      },
      { context: { actor: { kind: 'visitor', sessionId: fromSessionId }, collegeCode }, answer, origin },
    );
    return answerOf(written);
  }

  /**
   * The sender's college, whose moderators decide: where the sender last took part (a room, a
   * random pair); for a sender who has only read, where the recipient did (where they met).
   */
  private async collegeOf(fromSessionId: string, toSessionId: string): Promise<string> {
    const college =
      (await findVisitorCollege(this.db, fromSessionId)) ?? (await findVisitorCollege(this.db, toSessionId));
    if (!college) throw badRequest(messages.directMessageCollegeUnknown);
    return college;
  }
}
