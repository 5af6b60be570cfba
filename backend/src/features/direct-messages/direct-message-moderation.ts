import type { ModerationResult } from '@secretchatbox/contracts';
import type { Moderation } from '../../common/domain/moderate-item.command.js';
import {
  type DirectMessageState,
  type ModerateDirectMessage,
  moderateDirectMessage,
} from './direct-message.decider.js';

/** Approving or rejecting a direct message before its recipient sees it. */
export const directMessageModeration: Moderation<ModerateDirectMessage, DirectMessageState, ModerationResult> = {
  decider: moderateDirectMessage,
  answer: ({ messageId, status }) => ({ id: messageId, status }),
};
