import { it } from '@jest/globals';
import { answer, describeProjection, event } from '../testing/index.js';
import { dailyUsageProjection, findDailyUsage } from './daily-usage.js';

const confession = '4c000000-0000-4000-8000-000000000001';
const message = '4c000000-0000-4000-8000-000000000002';
const confessionUsed = (sessionId: string, quotaDay: string) =>
  event('ConfessionQuotaUsed', { sessionId, quotaDay, confessionId: confession });
const chatUsed = (sessionId: string, quotaDay: string) =>
  event('ChatAllowanceUsed', { sessionId, quotaDay, messageId: message, sentAt: `${quotaDay}T10:00:00.000Z` });

describeProjection('daily usage', dailyUsageProjection, (spec) => {
  it("counts a visitor's confessions and chat messages of a day apart", () =>
    spec
      .given([confessionUsed('visitor-a', '2026-11-23')])
      .when([
        confessionUsed('visitor-a', '2026-11-23'),
        chatUsed('visitor-a', '2026-11-23'),
        chatUsed('visitor-a', '2026-11-23'),
        chatUsed('visitor-a', '2026-11-23'),
      ])
      .then(answer((db) => findDailyUsage(db, 'visitor-a', '2026-11-23'), { confessions: 2, chatMessages: 3 })));

  it('starts each day and each visitor from nothing', () =>
    spec
      .given([confessionUsed('visitor-a', '2026-11-23'), chatUsed('visitor-a', '2026-11-23')])
      .when([confessionUsed('visitor-a', '2026-11-24'), chatUsed('visitor-b', '2026-11-23')])
      .then(
        answer((db) => findDailyUsage(db, 'visitor-a', '2026-11-24'), { confessions: 1, chatMessages: 0 }),
        answer((db) => findDailyUsage(db, 'visitor-b', '2026-11-23'), { confessions: 0, chatMessages: 1 }),
        answer((db) => findDailyUsage(db, 'visitor-c', '2026-11-23'), { confessions: 0, chatMessages: 0 }),
      ));
});
