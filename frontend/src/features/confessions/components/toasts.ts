import { messages } from '@secretchatbox/contracts';

/** The toasts of the confessions tab, in one place (docs/product.md, Screens). */
export const toasts = {
  confessionSubmitted: {
    title: 'Confession submitted!',
    description: 'Your confession is being reviewed by moderators.',
  },
  confessionFailed: {
    title: 'Failed to submit confession',
    description: 'Please try again later.',
    variant: 'destructive',
  },
  dailyLimitReached: {
    title: messages.dailyLimitReached,
    description: "You've reached your daily confession limit. Try again tomorrow!",
    variant: 'destructive',
  },
  commentSubmitted: { title: 'Comment submitted!', description: 'Your comment is being reviewed by moderators.' },
  commentFailed: { title: 'Failed to submit comment', description: 'Please try again later.', variant: 'destructive' },
  likeFailed: { title: 'Failed to like confession', description: 'Please try again later.', variant: 'destructive' },
  reportSent: { title: 'Report sent', description: 'Thank you. A moderator will review this confession.' },
  alreadyReported: { title: 'Already reported', description: messages.alreadyReported },
  reportFailed: { title: 'Failed to send report', description: 'Please try again later.', variant: 'destructive' },
  linkCopied: { title: 'Link copied!', description: 'Anyone with the link can open this confession.' },
} as const;
