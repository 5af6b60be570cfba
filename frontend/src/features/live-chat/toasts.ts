import { messages } from '@secretchatbox/contracts';

/** The toasts of the Live Chat tab, in one place (docs/product.md, Screens). */
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
  /** A pairing request the server refused (no session, already paired, a limit), in its words. */
  pairingRefused: (refusal: string) => ({
    title: 'Random chat',
    description: refusal,
    variant: 'destructive' as const,
  }),
  directMessageSent: { title: 'Direct message sent!', description: 'Your message is pending admin approval.' },
  directMessageFailed: {
    title: 'Failed to send direct message',
    description: 'Please try again later.',
    variant: 'destructive',
  },
  /** A refusal the visitor can act on (the day's allowance used up, a recipient gone), in the server's words. */
  directMessageRefused: (refusal: string) => ({
    title: 'Failed to send direct message',
    description: refusal,
    variant: 'destructive' as const,
  }),
} as const;
