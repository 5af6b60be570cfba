import { limits, rateLimits } from '@secretchatbox/contracts';

/** What the chat benchmark seeds and how it loads the servers. */
export const chatSettings = {
  collegeCode: 'C001',
  /** The history's size: the original app served 34 requests/s at this size (docs/performance.md). */
  messages: 35_000,
  pageSize: limits.chatHistoryPage.default,
  concurrency: 16,
  warmupMs: 1000,
  durationMs: 5000,
  poolSize: 20,
  logLevel: 'warn',
  /** Visitors are started before the measured window for at most this rate of messages. */
  messagesPerSecondCapacity: 4000,
  /** A visitor sends its burst allowance, then the next visitor of its network takes over. */
  messagesPerVisitor: limits.chatBurst.limit,
  visitorsPerNetwork: rateLimits.sessionCreation.limit,
  fanOut: {
    clients: 1000,
    instances: 2,
    messagesPerSecond: 20,
    warmupMs: 2000,
    durationMs: 10_000,
    /** Deliveries still missing this long after the last post count as lost. */
    drainMs: 3000,
  },
};

/** The deep page read: the middle of the history. */
export const deepChatPage = Math.floor(chatSettings.messages / chatSettings.pageSize / 2);
