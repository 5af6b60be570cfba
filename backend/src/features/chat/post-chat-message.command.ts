import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ChatMessage, type ChatMessageInput, limits, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { type CommandContext, EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { nextQuotaDayStart, quotaDay } from '../../common/quota-day.js';
import type { AppConfig } from '../../config/app-config.js';
import { adminContext, type AdminIdentity, type VisitorIdentity } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { SocketBroadcasts } from '../../realtime/socket-broadcasts.js';
import { type ChatPostState, type ChatSender, chatMessageOf, postChatMessage } from './post-chat-message.decider.js';

/** A visitor's message, or a signed-in moderator's (then marked as such), each within its own allowance. */
export type ChatAuthor = Readonly<{ visitor: VisitorIdentity } | { admin: AdminIdentity }>;

export class PostChatMessageCommand extends Command<WriteAnswer<ChatMessage>> {
  constructor(
    readonly author: ChatAuthor,
    readonly roomId: string,
    readonly input: ChatMessageInput,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(PostChatMessageCommand)
export class PostChatMessageHandler implements ICommandHandler<PostChatMessageCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly ids: CommandIds,
    private readonly broadcasts: SocketBroadcasts,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ author, roomId, input, origin }: PostChatMessageCommand): Promise<WriteAnswer<ChatMessage>> {
    // The read model says whether the room is open: reading the college's stream instead would
    // make every message of the college wait on the one stream that holds its rooms.
    const room = await findChatRoom(this.db, roomId);
    if (!room) throw notFound(messages.roomNotFound);
    const now = this.clock.now();
    const zone = this.config.QUOTA_TIMEZONE;
    const day = quotaDay(now, zone);
    const sender: ChatSender =
      'visitor' in author
        ? { kind: 'visitor', sessionId: author.visitor.sessionId, quotaDay: day }
        : { kind: 'admin', moderator: author.admin.user, quotaDay: day };
    const messageId = this.ids.newId(origin, 'chat-message');
    const written = await this.commands.run(
      postChatMessage,
      {
        messageId,
        roomId: room.id,
        collegeCode: room.collegeCode,
        sender,
        nickname: input.nickname ?? null,
        content: input.content,
        sentAt: now,
        limits: {
          daily: sender.kind === 'visitor' ? limits.dailyChatMessages : limits.dailyModeratorChatMessages,
          dayEndsInSeconds: Math.ceil((nextQuotaDayStart(now, zone).getTime() - now.getTime()) / 1000),
        },
      },
      {
        context: contextOf(author, room.collegeCode),
        answer: ({ message }: ChatPostState) => chatMessageOf(message!),
        origin,
      },
    );
    // Told to the room after the wait, so that a client reading the history on hearing of it
    // finds it; also when the wait ran out, since the message is stored all the same.
    this.broadcasts.messagePosted(written.answer);
    return answerOf(written);
  }
}

function contextOf(author: ChatAuthor, collegeCode: string): CommandContext {
  if ('admin' in author) return adminContext(author.admin.user, collegeCode);
  return { actor: { kind: 'visitor', sessionId: author.visitor.sessionId }, collegeCode };
}
