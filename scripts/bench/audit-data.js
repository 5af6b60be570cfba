import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { streams } from '@secretchatbox/contracts';

const streamsPerAppend = 500;
const parallelAppends = 4;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seeded history spans this many days back from now, so that time filters and past moments matter. */
export const seededDays = 30;

const moderators = Array.from({ length: 20 }, (_, index) => ({
  kind: 'admin',
  adminId: randomUUID(),
  username: `bench-mod-${index}`,
  role: 'normal',
}));

/**
 * One item's life, as the commands record it: a confession submitted by a student and decided by
 * a moderator of its college (approved, rejected or deleted) a little later. Two events, one of
 * them a moderation event. Items are spread over five colleges and `seededDays` days.
 */
function itemOf(index, count, colleges) {
  const confessionId = randomUUID();
  const collegeCode = colleges[index % colleges.length];
  const submittedAt = Date.now() - seededDays * 86_400_000 + Math.floor((index / count) * seededDays * 86_400_000);
  const decidedAt = new Date(submittedAt + 60_000 + (index % 97) * 30_000).toISOString();
  const sessionId = `bench-student-${index % 5000}`;
  const moderator = moderators[index % moderators.length];
  const decision = [
    { type: 'ConfessionApproved', data: { confessionId } },
    { type: 'ConfessionRejected', data: { confessionId, reasonCode: 'spam', note: 'An advert' } },
    { type: 'ConfessionDeleted', data: { confessionId, reasonCode: 'harassment', note: null } },
  ][index % 3];
  return {
    streamId: streams.confession(confessionId),
    expectedRevision: 'no_stream',
    events: [
      {
        type: 'ConfessionSubmitted',
        data: {
          confessionId,
          collegeCode,
          category: 'secrets',
          content: `Seeded confession ${index} for the auditors`,
          nickname: null,
        },
        metadata: {
          actor: { kind: 'visitor', sessionId },
          collegeCode,
          occurredAt: new Date(submittedAt).toISOString(),
        },
      },
      { ...decision, metadata: { actor: moderator, collegeCode, occurredAt: decidedAt } },
    ],
  };
}

/**
 * Appends `count` decided confessions (`count` moderation events) through the event store while
 * the server runs, and waits until the audit journal holds them all, each linked into the chain.
 */
export async function seedModerationHistory(db, store, count, colleges) {
  const started = performance.now();
  const items = Array.from({ length: count }, (_, index) => itemOf(index, count, colleges));
  let next = 0;
  const appender = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + streamsPerAppend);
      next += streamsPerAppend;
      await store.appendToStreams(batch);
    }
  };
  await Promise.all(Array.from({ length: parallelAppends }, appender));
  const appendedMs = performance.now() - started;
  for (;;) {
    const { rows } = await db.query('SELECT count(*)::int AS linked FROM read_model.audit_links');
    if (rows[0].linked >= count) break;
    if (performance.now() - started > 600_000) throw new Error('The seeded history was not linked in time');
    await sleep(200);
  }
  const linkedMs = performance.now() - started;
  await db.exec('VACUUM (ANALYZE) read_model.audit_events, read_model.audit_links');
  return { moderationEvents: count, events: count * 2, appendedMs, linkedMs };
}
