// Measures the live chat: a room's history at 35,000 messages (latest page and a deep cursor)
// against an indexed SELECT of the same page, posting from many visitors against the single-row
// INSERT, and the fan-out of 20 messages/s to 1,000 sockets on two instances joined by Redis,
// in a scratch database. Part of `npm run bench`.
import { apiPaths, pathTo, rateLimits } from '@secretchatbox/contracts';
import { PostgresEventStore } from '@secretchatbox/event-store';
import {
  countRoomMessages,
  generalChat,
  historyBaselineQuery,
  historyPositionAfterPages,
  seedChatHistory,
} from './chat-data.js';
import { measureFanOut } from './chat-fan-out.js';
import { measureChatPosts } from './chat-posting.js';
import { formatChatReport } from './chat-report.js';
import { chatSettings as settings, deepChatPage } from './chat-settings.js';
import { measureCpuTime } from './cpu-time.js';
import { measureFeedPage } from './feed-load.js';
import { httpClient, jsonBody } from './http-client.js';
import { networkAddresses } from './network-addresses.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRequest, setupRetries } from './setup-request.js';
import { measureBaseline, measureQueryBaseline } from './throughput.js';
import { startNetworks, startVisitors } from './visitor-sessions.js';

/** The history's latest page and the page the API's cursors reach half way back. */
async function historyPages(server, db, room, retries) {
  const latest = pathTo(apiPaths.chatMessages, { id: room.id });
  const client = httpClient(server.baseUrl);
  try {
    let path = latest;
    for (let page = 0; page < deepChatPage; page += 1) {
      const { nextCursor } = jsonBody(await setupRequest(client, retries, 'GET', path, {}, 200));
      path = `${latest}?cursor=${encodeURIComponent(nextCursor)}`;
    }
    const before = await historyPositionAfterPages(db, room.id, deepChatPage, settings.pageSize);
    return { latest: { path: latest, before: null }, deep: { path, before } };
  } finally {
    client.close();
  }
}

async function measureHistoryAndPosts(url, db, postgres) {
  const retries = setupRetries();
  const server = await startServer(serverEnv(url, settings));
  try {
    const room = await generalChat(server.baseUrl, settings.collegeCode, retries);
    const store = await PostgresEventStore.open(db);
    const seed = await seedChatHistory(db, store, room, settings.messages).finally(() => store.close());
    const pages = await historyPages(server, db, room, retries);
    const baselines = {
      latest: await measureQueryBaseline(url, settings, historyBaselineQuery(room.id, null, settings.pageSize)),
      deep: await measureQueryBaseline(
        url,
        settings,
        historyBaselineQuery(room.id, pages.deep.before, settings.pageSize),
      ),
      insert: await measureBaseline(url, settings),
    };
    const measured = async (work) => {
      const { result, cpu } = await measureCpuTime(server.pid, postgres, work);
      return { ...result, cpu };
    };
    const history = {
      latest: await measured(() => measureFeedPage(server.baseUrl, pages.latest.path, settings)),
      deep: await measured(() => measureFeedPage(server.baseUrl, pages.deep.path, settings)),
    };
    const before = await countRoomMessages(db, room.id);
    const nextAddress = networkAddresses();
    const visitors =
      (settings.messagesPerSecondCapacity * (settings.warmupMs + settings.durationMs)) /
      1000 /
      settings.messagesPerVisitor;
    const networks = await startNetworks(server.baseUrl, {
      networkCount: Math.ceil(visitors / settings.visitorsPerNetwork) + settings.concurrency,
      sessionsPerNetwork: settings.visitorsPerNetwork,
      nextAddress,
      concurrency: settings.concurrency,
      retries,
    });
    const posts = await measured(() => measureChatPosts(server.baseUrl, room.id, networks, settings));
    const stored = (await countRoomMessages(db, room.id)) - before;
    return { room, seed, baselines, history, posts, stored, retries };
  } finally {
    await server.stop();
  }
}

async function measureFanOutOnInstances(url, postgres, room) {
  const { fanOut } = settings;
  const env = serverEnv(url, settings, { redis: true });
  const servers = [];
  try {
    for (let i = 0; i < fanOut.instances; i += 1) servers.push(await startServer(env));
    const nextAddress = networkAddresses();
    const retries = setupRetries();
    const options = { nextAddress, concurrency: settings.concurrency, retries };
    const clientTokens = await startVisitors(servers[0].baseUrl, fanOut.clients, options);
    const perPoster = settings.messagesPerVisitor - 2;
    const posts = (fanOut.messagesPerSecond * (fanOut.warmupMs + fanOut.durationMs)) / 1000;
    const posterTokens = await startVisitors(servers[0].baseUrl, Math.ceil(posts / perPoster) + 1, options);
    const { result, cpu } = await measureCpuTime(
      servers.map((server) => server.pid),
      postgres,
      () => measureFanOut(servers, room.id, { clientTokens, posterTokens, perPoster, settings: fanOut }),
    );
    return { ...result, cpu, instances: servers.length };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function measureChat(url) {
  const db = await openBenchDatabase(url, 8);
  try {
    const postgres = { db, database: new URL(url).pathname.slice(1) };
    const single = await measureHistoryAndPosts(url, db, postgres);
    const fanOut = await measureFanOutOnInstances(url, postgres, single.room);
    return { server: await describeServer(db), settings, ...single, fanOut };
  } finally {
    await db.close();
  }
}

if (rateLimits.chatMessages.limit < settings.visitorsPerNetwork * settings.messagesPerVisitor)
  throw new Error('A network of the bench would send more messages than the per-network chat limit allows');

try {
  console.log(formatChatReport(await withScratchDatabase(serverUrl(), measureChat)));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
