import { type CommentSubmitted, messages, streams } from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import {
  assertShown,
  type ConfessionState,
  evolveConfession,
  noConfession,
  shownFrom,
} from '../../common/domain/confession.state.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';

export type CommentStatus = 'pending' | 'approved' | 'rejected' | null;
export type CommentState = Readonly<{ confession: ConfessionState; comment: CommentStatus }>;

const evolveComment = evolverOf(['comment'], (_status: CommentStatus, event): CommentStatus => {
  const { type } = event;
  switch (type) {
    case 'CommentSubmitted':
      return 'pending';
    case 'CommentApproved':
      return 'approved';
    case 'CommentRejected':
      return 'rejected';
    default:
      return unhandled(type);
  }
});

/** A comment's stream and its confession's, which hold the college and whether it is shown. */
const onComment = {
  streams: ({ commentId, confessionId }: { commentId: string; confessionId: string }) => [
    appendsTo(streams.comment(commentId)),
    ...shownFrom(confessionId),
  ],
  initialState: (): CommentState => ({ confession: noConfession, comment: null }),
  evolve: evolveParts<CommentState>({ confession: evolveConfession, comment: evolveComment }),
};

export type SubmitComment = Readonly<{
  commentId: string;
  confessionId: string;
  content: string;
  nickname: string | null;
}>;

/** Only approved confessions take comments. */
export const submitComment: Decider<SubmitComment, CommentState, CommentSubmitted> = {
  ...onComment,
  decide(command, state) {
    assertShown(state.confession);
    if (state.comment !== null) throw conflict(messages.alreadyCreated('comment'));
    return [{ type: 'CommentSubmitted', data: { ...command } }];
  },
};

export type ModerateComment = Readonly<
  | { type: 'Approve'; commentId: string; confessionId: string; moderator: Moderator }
  | {
      type: 'Reject';
      commentId: string;
      confessionId: string;
      reasonCode: string | null;
      note: string | null;
      moderator: Moderator;
    }
>;

/**
 * As for confessions: the first decision wins, a second is told which was taken. The comment
 * belongs to its confession's college.
 */
export const moderateComment: ModerationDecider<ModerateComment, CommentState> = {
  ...onComment,
  decide(command, { comment, confession }) {
    if (comment === null) throw notFound(messages.commentNotFound);
    assertInScope(command.moderator, confession.collegeCode);
    if (comment !== 'pending') throw conflict(messages.alreadyDecided('comment', comment));
    // A comment shows under its confession: once that is taken down, there is nothing to publish it on.
    if (command.type === 'Approve' && (confession.status === 'rejected' || confession.status === 'deleted'))
      throw conflict(messages.commentConfessionWithdrawn(confession.status));
    const { commentId, confessionId } = command;
    if (command.type === 'Approve') return [{ type: 'CommentApproved', data: { commentId, confessionId } }];
    return [
      {
        type: 'CommentRejected',
        data: { commentId, confessionId, reasonCode: command.reasonCode, note: command.note },
      },
    ];
  },
  collegeOf: (state) => state.confession.collegeCode,
};
