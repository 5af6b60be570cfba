import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { apiPaths, streams } from '@secretchatbox/contracts';
import { httpClient, jsonBody } from './http-client.js';
import { setupRequest } from './setup-request.js';

const messagesPerAppend = 500;
const parallelAppends = 4;
const senders = 700;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A room's history as the commands record it, one stream per message, from a few hundred visitors. */
function messagesOf(room, count) {
  const occurredAt = new Date().toISOString();
  const sessionIds = Array.from({ length: senders }, () => randomBytes(32).toString('hex'));
  return Array.from({ length: count }, (_, index) => {
    const messageId = randomUUID();
    const sessionId = sessionIds[index % senders];
    return {
      streamId: streams.chatMessage(messageId),
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'ChatMessagePosted',
          data: {
            messageId,
            roomId: room.id,
            collegeCode: room.collegeCode,
            sessionId,
            nickname: index % 3 === 0 ? null : `student${index % senders}`,
            content: `Seeded message ${index}: anyone up for the library at 9? The wifi is back.`,
            isAdmin: false,
            sentAt: occurredAt,
          },
          metadata: { actor: { kind: 'visitor', sessionId }, collegeCode: room.collegeCode, occurredAt },
        },
      ],
    };
  });
}

/**
 * Appends `count` messages to `room` through the event store while the server runs, and waits
 * until its projection has put them all in the history's read model.
 */
export async function seedChatHistory(db, store, room, count) {
  const started = performance.now();
  const appends = messagesOf(room, count);
  let next = 0;
  const appender = async () => {
    while (next < appends.length) {
      const batch = appends.slice(next, next + messagesPerAppend);
      next += messagesPerAppend;
      await store.appendToStreams(batch);
    }
  };
  await Promise.all(Array.from({ length: parallelAppends }, appender));
  const appendedMs = performance.now() - started;
  for (;;) {
    if ((await countRoomMessages(db, room.id)) >= count) break;
    if (performance.now() - started > 120_000) throw new Error('The seeded chat history did not reach the read model');
    await sleep(100);
  }
  const readableMs = performance.now() - started;
  // What autovacuum would do soon after such a load, done now rather than during the measurements.
  await db.exec('VACUUM (ANALYZE) read_model.chat_messages');
  return { messages: count, appendedMs, readableMs };
}

export async function countRoomMessages(db, roomId) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS n FROM read_model.chat_messages WHERE room_id = $1 AND NOT removed',
    [roomId],
  );
  return rows[0].n;
}

/** Where the page after `page` pages of the history begins: the place in the log of the last row before it. */
export async function historyPositionAfterPages(db, roomId, page, pageSize) {
  const { rows } = await db.query(
    `SELECT log_commit::text AS commit, log_prepare::text AS prepare FROM read_model.chat_messages
      WHERE room_id = $1 AND NOT removed ORDER BY log_commit DESC, log_prepare DESC OFFSET $2 LIMIT 1`,
    [roomId, page * pageSize - 1],
  );
  return rows[0];
}

/**
 * The baseline read: the history's rows by the same index, without what the API adds (the
 * order within the page, the timestamp formatting, JSON and HTTP). `before` is the place in the
 * log the page starts below, or null for the latest page.
 */
export function historyBaselineQuery(roomId, before, pageSize) {
  const columns = 'id, room_id, content, nickname, session_id, created_at, is_admin';
  const where = `room_id = $1 AND NOT removed${before ? ' AND (log_commit, log_prepare) < ($2::bigint, $3::bigint)' : ''}`;
  return {
    name: before ? 'bench_history_before' : 'bench_history_latest',
    text: `SELECT ${columns} FROM read_model.chat_messages WHERE ${where} ORDER BY log_commit DESC, log_prepare DESC LIMIT ${pageSize}`,
    values: before ? [roomId, before.commit, before.prepare] : [roomId],
  };
}

/** A college's general chat: the first of the rooms GET /api/chat/rooms lists for it. */
export async function generalChat(baseUrl, collegeCode, retries) {
  const client = httpClient(baseUrl);
  try {
    const path = `${apiPaths.chatRooms}?collegeCode=${collegeCode}`;
    const rooms = jsonBody(await setupRequest(client, retries, 'GET', path, {}, 200));
    return { ...rooms[0], collegeCode };
  } finally {
    client.close();
  }
}
