import type { Projection } from '../projection.js';
import { adminAccountsProjection } from './admin-accounts.js';
import { auditJournalProjection } from './audit-journal.js';
import { chatMessagesProjection } from './chat-messages.js';
import { collegesProjection } from './colleges.js';
import { commentsProjection } from './comments.js';
import { confessionsProjection } from './confessions.js';
import { dailyUsageProjection } from './daily-usage.js';
import { directMessagesProjection } from './direct-messages.js';
import { pairingProjection } from './pairing.js';
import { visitorSessionsProjection } from './visitor-sessions.js';

export * from './admin-accounts.js';
export * from './audit-journal.js';
export * from './audit-log.js';
export * from './audit-metrics.js';
export * from './audit-queues.js';
export * from './chat-messages.js';
export * from './colleges.js';
export * from './comments.js';
export * from './confessions.js';
export * from './daily-usage.js';
export * from './direct-messages.js';
export * from './migrations.js';
export * from './moderation-pseudonym.js';
export * from './moderation-stats.js';
export * from './pairing.js';
export * from './stats.js';
export * from './visitor-sessions.js';

export const allProjections: readonly Projection[] = [
  collegesProjection,
  visitorSessionsProjection,
  adminAccountsProjection,
  confessionsProjection,
  dailyUsageProjection,
  commentsProjection,
  directMessagesProjection,
  chatMessagesProjection,
  pairingProjection,
  auditJournalProjection,
];
