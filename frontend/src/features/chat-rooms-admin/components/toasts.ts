import type { Outcome } from '../../../components/notifications/use-outcome';

const outcome = (success: string, failure: string): Outcome => ({
  success: { title: success },
  failure: { title: failure, description: 'Please try again later.', variant: 'destructive' },
  serverDescription: true,
});

export const outcomes = {
  added: outcome('Chat room added', 'Failed to add chat room'),
  renamed: outcome('Chat room renamed', 'Failed to rename chat room'),
  archived: outcome('Chat room archived', 'Failed to archive chat room'),
};
