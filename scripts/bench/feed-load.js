import { apiPaths, pathTo, writePositionHeader } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, send } from './http-client.js';
import { runClosedLoop } from './load.js';
import { setupRequest } from './setup-request.js';
import { startVisitors } from './visitor-sessions.js';

/**
 * Readers of one feed page over `concurrency` keep-alive connections from 127.0.0.1: anonymous,
 * or worker `w` as the visitor `tokens[w]`. Every answer must be a 200.
 */
export async function measureFeedPage(baseUrl, path, settings, tokens = []) {
  const client = httpClient(baseUrl, { connections: settings.concurrency });
  const failures = failureTally();
  try {
    const result = await runClosedLoop({
      ...settings,
      operation: async (worker) => {
        const response = await send(client, 'GET', path, { token: tokens[worker % tokens.length] });
        if (response.status === 200) return true;
        failures.add(failureKind(response));
        return false;
      },
    });
    return { ...result, failures: failures.counts };
  } finally {
    client.close();
  }
}

/** The ids on a feed page, asked for anonymously; the page must be full, and `firstId` its first item when given. */
export async function feedPageIds(baseUrl, path, { pageSize, firstId, retries }) {
  const client = httpClient(baseUrl);
  try {
    const response = await setupRequest(client, retries, 'GET', path, {}, 200);
    const ids = jsonBody(response).items.map((item) => item.id);
    if (ids.length !== pageSize) throw new Error(`GET ${path} answered ${ids.length} items`);
    if (firstId && ids[0] !== firstId) throw new Error(`GET ${path} did not continue after its cursor`);
    return ids;
  } finally {
    client.close();
  }
}

/** Which items of a page reader `reader` likes: two, different from reader to reader. */
const likedPositions = (reader, pageSize) =>
  new Set([reader % pageSize, (reader + Math.floor(pageSize / 2)) % pageSize]);

/**
 * `count` visitors who each like two items of every page in `pages` (by name: { path, ids }), so
 * that the `liked` flags of a page differ from visitor to visitor; each then reads every page
 * once, naming its last like as the frontend does (docs/api.md), and every flag must be its own.
 * Returns the visitors' tokens and, by page, what was wrong.
 */
export async function prepareReaders(baseUrl, count, pages, { nextAddress, concurrency, retries }) {
  const tokens = await startVisitors(baseUrl, count, { nextAddress, concurrency, retries });
  const liker = httpClient(baseUrl, { localAddress: nextAddress(), connections: concurrency });
  const reader = httpClient(baseUrl, { connections: concurrency });
  const failures = Object.fromEntries(Object.keys(pages).map((name) => [name, failureTally()]));
  const prepare = async (token, index) => {
    let readAfter;
    for (const { ids } of Object.values(pages)) {
      for (const position of likedPositions(index, ids.length)) {
        const path = pathTo(apiPaths.likeConfession, { id: ids[position] });
        const answer = await setupRequest(liker, retries, 'POST', path, { body: {}, token }, 200);
        readAfter = answer.headers[writePositionHeader];
      }
    }
    for (const [name, { path, ids }] of Object.entries(pages)) {
      const response = await send(reader, 'GET', path, { token, readAfter });
      if (response.status !== 200) {
        failures[name].add(`${failureKind(response)} before measuring`);
        continue;
      }
      const liked = likedPositions(index, ids.length);
      const items = jsonBody(response).items;
      for (const [position, id] of ids.entries()) {
        if (items[position]?.id !== id) failures[name].add('other items than anonymous readers get');
        else if (items[position].liked !== liked.has(position)) failures[name].add('wrong liked flag');
      }
    }
  };
  try {
    await Promise.all(tokens.map(prepare));
    const counts = Object.fromEntries(Object.entries(failures).map(([name, tally]) => [name, tally.counts]));
    return { tokens, failures: counts };
  } finally {
    liker.close();
    reader.close();
  }
}
