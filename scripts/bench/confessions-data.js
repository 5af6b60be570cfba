import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { categories, limits, streams } from '@secretchatbox/contracts';
import {
  allProjections,
  AuditChainWriter,
  migrateReadModels,
  readChainHead,
  rebuildReadModels,
} from '@secretchatbox/projections';
import { encodeCursor } from '../../backend/dist/features/confessions/list-confessions.query.js';
import { quotaDay } from '../../backend/dist/common/quota-day.js';
import { waitUntilAllReadable } from './visibility.js';

/** Sessions that use up one network's daily confessions between them. */
export const sessionsPerNetwork = limits.dailyConfessionsPerNetwork / limits.dailyConfessions;
const confessionsPerNetwork = limits.dailyConfessionsPerNetwork;
const networksPerAppend = 25;
const parallelAppends = 4;
const moderator = { kind: 'admin', adminId: randomUUID(), username: 'bench-moderator', role: 'chief' };
const randomId = (length) => randomBytes(length).toString('base64url').slice(0, length);
// The seeded texts share their words, as a campus's confessions do: with an id in each, every text
// brought words of its own to the search index, which real texts rarely do.
const phrases = [
  ['Honestly,', 'Confession:', 'Not gonna lie,', 'Real talk:', 'Okay so', 'Every semester', 'Lowkey', 'Today'],
  [
    'the library wifi',
    'the mess food',
    'my roommate',
    'the 8 am lecture',
    'the hostel warden',
    'our lab partner',
    'the canteen chai',
    'the night before exams',
  ],
  ['works best', 'falls apart', 'keeps me going', 'makes no sense', 'gets better', 'is underrated', 'ruins my week'],
  [
    'at 3 am',
    'during finals',
    'on Mondays',
    'after the fest',
    'before the quiz',
    'in the rain',
    'when nobody is watching',
  ],
  ['and so do I.', 'and I have no regrets.', 'fight me.', 'and everyone knows it.', 'send help.', 'just saying.'],
];
const pick = (options) => options[Math.floor(Math.random() * options.length)];
const confessionText = () => phrases.map(pick).join(' ');

/**
 * One network's day, as the commands record it: each of its sessions starts, then submits its
 * daily confessions (the confession's stream, the session's and the network's quota streams);
 * a moderator approves every one.
 */
function networkDay(collegeCode, day) {
  const networkKey = randomId(22);
  const occurredAt = new Date().toISOString();
  const appends = [];
  const networkQuota = [];
  for (let s = 0; s < sessionsPerNetwork; s += 1) {
    const sessionId = randomId(24);
    const visitor = { actor: { kind: 'visitor', sessionId }, occurredAt };
    const submission = { ...visitor, collegeCode };
    const sessionQuota = [];
    appends.push({
      streamId: streams.visitorSession(sessionId),
      events: [{ type: 'VisitorSessionStarted', data: { sessionId }, metadata: visitor }],
    });
    for (let c = 0; c < limits.dailyConfessions; c += 1) {
      const confessionId = randomUUID();
      const content = confessionText();
      const category = categories[(s * limits.dailyConfessions + c) % categories.length];
      appends.push({
        streamId: streams.confession(confessionId),
        events: [
          {
            type: 'ConfessionSubmitted',
            data: { confessionId, collegeCode, category, content, nickname: null },
            metadata: submission,
          },
          {
            type: 'ConfessionApproved',
            data: { confessionId },
            metadata: { actor: moderator, collegeCode, occurredAt },
          },
        ],
      });
      sessionQuota.push({
        type: 'ConfessionQuotaUsed',
        data: { sessionId, quotaDay: day, confessionId },
        metadata: submission,
      });
      networkQuota.push({
        type: 'NetworkQuotaUsed',
        data: { networkKey, quotaDay: day, confessionId },
        metadata: submission,
      });
    }
    appends.push({ streamId: streams.sessionQuota(sessionId, day), events: sessionQuota });
  }
  appends.push({ streamId: streams.networkQuota(networkKey, day), events: networkQuota });
  return appends.map((append) => ({ ...append, expectedRevision: 'no_stream' }));
}

/**
 * Appends the events of `count` approved confessions in one college through the event store, in
 * large atomic appends, then rebuilds every read model from the log, and checks the feed's count.
 * With `compareWithoutJournal`, it first rebuilds them without the audit journal, for comparison.
 */
export async function seedApprovedConfessions(
  db,
  store,
  { count, collegeCode, timeZone = 'UTC', compareWithoutJournal = false },
) {
  const day = quotaDay(new Date(), timeZone);
  const appendCount = Math.ceil(count / (confessionsPerNetwork * networksPerAppend));
  const started = performance.now();
  let next = 0;
  const appender = async () => {
    while (next < appendCount) {
      next += 1;
      const networks = Array.from({ length: networksPerAppend }, () => networkDay(collegeCode, day));
      await store.appendToStreams(networks.flat());
    }
  };
  await Promise.all(Array.from({ length: parallelAppends }, appender));
  const appendedMs = performance.now() - started;
  // The rebuild stops at the first event it cannot read yet, so it must not begin before they all can.
  const waitedMs = await waitUntilAllReadable(db);
  const chainMs = await linkAuditChain(db, store, count);
  // The same rebuild without the audit journal first, as the baseline of what the journal costs.
  const withoutJournal = compareWithoutJournal
    ? await rebuildReadModels(
        db,
        store,
        allProjections.filter((projection) => projection.name !== 'audit-journal'),
      )
    : null;
  const rebuilt = await rebuildReadModels(db, store, allProjections);
  // What autovacuum would do soon after such a load, done now rather than during the measurements.
  await db.exec('VACUUM (ANALYZE)');
  const approved = await countConfessions(db, collegeCode, 'approved');
  if (approved !== appendCount * networksPerAppend * confessionsPerNetwork) {
    throw new Error(`The feed holds ${approved} approved confessions after the rebuild`);
  }
  return {
    approved,
    events: rebuilt.events,
    appendedMs,
    waitedMs,
    chainMs,
    rebuildMs: rebuilt.elapsedMs,
    rebuildWithoutJournalMs: withoutJournal?.elapsedMs ?? null,
  };
}

/**
 * Links the seeded approvals (moderation events) into the audit chain, as a running server's
 * chain writer would have as they happened, so that the server measured later does not spend
 * the measurements catching up on them. Returns how long it took.
 */
async function linkAuditChain(db, store, links) {
  const started = performance.now();
  // The writer saves how far it has read among the read models' checkpoints.
  await migrateReadModels(db);
  const writer = new AuditChainWriter(db, store, { retryMs: 50 });
  writer.start();
  try {
    while ((await readChainHead(store)).links < links) {
      if (performance.now() - started > 300_000) throw new Error('The audit chain did not link the seed in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await writer.stop();
  }
  return performance.now() - started;
}

/** Confessions of a college in the read model: the feed's (approved, not hidden) or those waiting for a moderator. */
async function countConfessions(db, collegeCode, status) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS n FROM read_model.confessions WHERE college_code = $1 AND status = $2 AND NOT hidden',
    [collegeCode, status],
  );
  return rows[0].n;
}

export const countPending = (db, collegeCode) => countConfessions(db, collegeCode, 'pending');

/** `count` approved confessions of a college from the `offset`-th newest on, with their likes: those the like toggles use. */
export async function confessionsForLikes(db, collegeCode, offset, count) {
  const { rows } = await db.query(
    `SELECT id::text, likes FROM read_model.confessions WHERE college_code = $1 AND status = 'approved' AND NOT hidden
      ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
    [collegeCode, offset, count],
  );
  if (rows.length < count)
    throw new Error(`The feed has ${rows.length} confessions past the ${offset}th, not ${count}`);
  return rows.map((row) => ({ id: row.id, likes: Number(row.likes) }));
}

/** The cursor the API hands out at the end of page `page` (1-based) of a college's newest feed. */
export async function cursorAfterPage(db, collegeCode, page, pageSize) {
  const { rows } = await db.query(
    `SELECT likes, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt", id::text
       FROM read_model.confessions WHERE college_code = $1 AND status = 'approved' AND NOT hidden
      ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 2`,
    [collegeCode, page * pageSize - 1],
  );
  if (rows.length < 2) throw new Error(`The feed has no page ${page + 1}`);
  return { cursor: encodeCursor(rows[0]), after: rows[0], nextId: rows[1].id };
}

/**
 * The baseline read: the feed's rows by the same index, without what the API adds (the viewer's
 * likes, the timestamp formatting, validation, JSON and HTTP). `after` is the last row of the
 * page before, or null for the first page.
 */
export function feedBaselineQuery(collegeCode, after, pageSize) {
  const columns = 'id, content, category, nickname, college_code, likes, comment_count, created_at';
  const where = `college_code = $1 AND status = 'approved' AND NOT hidden`;
  const order = `ORDER BY created_at DESC, id DESC LIMIT ${pageSize}`;
  if (!after)
    return {
      name: 'bench_feed_first',
      text: `SELECT ${columns} FROM read_model.confessions WHERE ${where} ${order}`,
      values: [collegeCode],
    };
  return {
    name: 'bench_feed_after',
    text: `SELECT ${columns} FROM read_model.confessions WHERE ${where} AND (created_at, id) < ($2::timestamptz, $3::uuid) ${order}`,
    values: [collegeCode, after.createdAt, after.id],
  };
}
