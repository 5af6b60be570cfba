import { type CommentApproved, type CommentRejected, type CommentSubmitted, messages } from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import type { NewEvent, StreamView } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { ConfessionState, Moderator } from '../confessions/confession.decider.js';

export type CommentState = Readonly<{
  status: 'pending' | 'approved' | 'rejected' | null;
  confessionId: string | null;
}>;

export function commentView(
  commentId: string,
): StreamView<CommentSubmitted | CommentApproved | CommentRejected, CommentState> {
  return {
    streamId: `comment-${commentId}`,
    initialState: () => ({ status: null, confessionId: null }),
    evolve(state, event) {
      switch (event.type) {
        case 'CommentSubmitted':
          return { status: 'pending', confessionId: event.data.confessionId };
        case 'CommentApproved':
          return { ...state, status: 'approved' };
        case 'CommentRejected':
          return { ...state, status: 'rejected' };
      }
    },
  };
}

export type SubmitComment = Readonly<{
  commentId: string;
  confessionId: string;
  content: string;
  nickname: string | null;
}>;

/** Only approved confessions take comments. */
export function decideComment(
  command: SubmitComment,
  states: { confession: ConfessionState; comment: CommentState },
): NewEvent[] {
  if (states.confession.status !== 'approved') throw notFound(messages.confessionNotFound);
  if (states.comment.status !== null) throw conflict('That comment was already submitted');
  return [{ type: 'CommentSubmitted', data: { ...command } }];
}

export type ModerateComment =
  | { type: 'Approve'; commentId: string }
  | { type: 'Reject'; commentId: string; reasonCode: string | null; note: string | null };

/**
 * As for confessions: the first decision wins, a second is told which was taken. The comment
 * belongs to its confession's college.
 */
export function decideCommentModeration(
  command: ModerateComment,
  states: { comment: CommentState; confession: ConfessionState },
  moderator: Moderator,
): NewEvent[] {
  const state = states.comment;
  if (state.status === null || state.confessionId === null) throw notFound(messages.commentNotFound);
  assertInScope(moderator, states.confession.collegeCode);
  if (state.status !== 'pending') throw conflict(`This comment was already ${state.status}`);
  const { confessionId } = state;
  if (command.type === 'Approve')
    return [{ type: 'CommentApproved', data: { commentId: command.commentId, confessionId } }];
  const { commentId, reasonCode, note } = command;
  return [{ type: 'CommentRejected', data: { commentId, confessionId, reasonCode, note } }];
}
