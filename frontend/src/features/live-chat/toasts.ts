import { messages } from '@secretchatbox/contracts';

/** The spec's toasts of the Live Chat tab (section 8), in one place. */
export const toasts = {
  sendFailed: { title: 'Failed to send message', description: 'Please try again later.', variant: 'destructive' },
  dailyLimitReached: {
    title: messages.dailyLimitReached,
    description: "You've reached your daily message limit. Try again tomorrow!",
    variant: 'destructive',
  },
  /** A 429 other than the day's limit (the burst limit, a network's rate limit), in the server's words. */
  tooFast: (refusal: string | undefined) => ({
    title: 'Slow down',
    description: refusal ?? messages.chatTooFast,
    variant: 'destructive' as const,
  }),
  noRoom: { title: messages.noRoomSelected, variant: 'destructive' },
  nicknameSet: (nickname: string) => ({ title: 'Nickname set!', description: `You'll appear as ${nickname}.` }),
  anonymousSet: { title: 'Nickname Set', description: 'You will appear as Anonymous.' },
} as const;
