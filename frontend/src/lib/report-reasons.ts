import type { ReasonCode } from '@secretchatbox/contracts';

/** How each reason code (docs/product.md, Confessions) reads to students and moderators. */
export const reasonLabels: Record<ReasonCode, string> = {
  harassment: 'Harassment or bullying',
  explicit: 'Explicit material',
  personal_info: 'Personal information',
  spam: 'Spam',
  other: 'Something else',
};
