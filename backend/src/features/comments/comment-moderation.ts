import type { ModerationResult } from '@secretchatbox/contracts';
import type { Moderation } from '../../common/domain/moderate-item.command.js';
import { type CommentState, type ModerateComment, moderateComment } from './comment.decider.js';

/** Approving or rejecting a comment. */
export const commentModeration: Moderation<ModerateComment, CommentState, ModerationResult> = {
  decider: moderateComment,
  answer: (command) => ({ id: command.commentId, status: command.type === 'Approve' ? 'approved' : 'rejected' }),
};
