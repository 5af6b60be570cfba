import { performance } from 'node:perf_hooks';
import { limits } from '@secretchatbox/contracts';
import { sessionsPerNetwork } from './confessions-data.js';
import { measureCpuTime } from './cpu-time.js';
import { feedPageIds, measureFeedPage, prepareReaders } from './feed-load.js';
import { LikeLedger } from './like-ledger.js';
import { measureLikes, measurePacedLikes } from './likes-load.js';
import { networkAddresses } from './network-addresses.js';
import { setupRetries } from './setup-request.js';
import { measureSubmissions } from './submissions-load.js';
import { startNetworks } from './visitor-sessions.js';

const slices = (items, size) => (worker) => items.slice(worker * size, (worker + 1) * size);

const merge = (result, failures) => {
  const counts = { ...result.failures };
  for (const [kind, n] of Object.entries(failures)) counts[kind] = (counts[kind] ?? 0) + n;
  return { ...result, failures: counts };
};

/**
 * Sessions for the most submissions the window could take at `postsPerSecondCapacity`, then the
 * submissions, timed with the CPU they cost.
 */
async function measurePosts(server, settings, measured) {
  const started = performance.now();
  const posts = (settings.postsPerSecondCapacity * (settings.warmupMs + settings.durationMs)) / 1000;
  const networkCount = Math.ceil(posts / limits.dailyConfessionsPerNetwork) + settings.concurrency;
  const networks = await startNetworks(server.baseUrl, { ...settings, networkCount, sessionsPerNetwork });
  const count = networkCount * sessionsPerNetwork;
  const sessions = { networks: networkCount, count, perSecond: count / ((performance.now() - started) / 1000) };
  return { sessions, submissions: await measured(() => measureSubmissions(server.baseUrl, networks, settings)) };
}

/**
 * Like toggles by `likeVisitorsPerWorker` visitors per worker on their own confessions, then as
 * the level asks, on one confession for all and back to back on a confession each.
 */
async function measureToggles(server, settings, { ledger, likeTargets, oneConfession, backToBack }, measured) {
  const { concurrency, likeVisitorsPerWorker, likeConfessionsPerWorker } = settings;
  const visitors = await startNetworks(server.baseUrl, {
    ...settings,
    networkCount: concurrency,
    sessionsPerNetwork: likeVisitorsPerWorker,
  });
  const own = likeTargets.splice(0, concurrency * likeConfessionsPerWorker);
  if (own.length < concurrency * likeConfessionsPerWorker) throw new Error('Too few confessions set aside for likes');
  const options = { ...settings, visitorsOf: (worker) => visitors[worker].tokens };
  const likes = await measured(() =>
    measureLikes(server.baseUrl, ledger, { ...options, confessionsOf: slices(own, likeConfessionsPerWorker) }),
  );
  const toggles = { likes };
  if (oneConfession) {
    const one = likeTargets.splice(0, 1);
    toggles.likesOnOne = await measured(() =>
      measureLikes(server.baseUrl, ledger, { ...options, confessionsOf: () => one }),
    );
  }
  if (backToBack)
    toggles.likesBackToBack = await measureBackToBack(server, settings, { ledger, likeTargets }, measured);
  return toggles;
}

/**
 * As a student taps like and unlike: `backToBackTogglers` clients, each one visitor toggling its
 * own confession again and again, so that every toggle lands on a like stream its visitor toggled
 * just before. First as fast as they can (the rate), then offered at `backToBackPacedPerSecond`
 * for `durationMs` (the latency at that load, timed once `backToBackPacedWarmupMs` of it have passed).
 */
async function measureBackToBack(server, settings, { ledger, likeTargets }, measured) {
  const concurrency = settings.backToBackTogglers;
  const visitors = await startNetworks(server.baseUrl, {
    ...settings,
    concurrency,
    networkCount: concurrency,
    sessionsPerNetwork: 1,
  });
  const own = likeTargets.splice(0, concurrency);
  if (own.length < concurrency) throw new Error('Too few confessions set aside for likes');
  const togglers = {
    ...settings,
    concurrency,
    visitorsOf: (worker) => visitors[worker].tokens,
    confessionsOf: (worker) => [own[worker]],
  };
  const closed = await measured(() =>
    measureLikes(server.baseUrl, ledger, { ...togglers, warmupMs: settings.backToBackWarmupMs }),
  );
  const paced = await measured(() =>
    measurePacedLikes(server.baseUrl, ledger, {
      ...togglers,
      ratePerSecond: settings.backToBackPacedPerSecond,
      warmupMs: settings.backToBackPacedWarmupMs,
      durationMs: settings.durationMs - settings.backToBackPacedWarmupMs,
    }),
  );
  const offered = { offeredPerSecond: settings.backToBackPacedPerSecond, warmupMs: settings.backToBackPacedWarmupMs };
  return { ...closed, concurrency, paced: { ...paced, ...offered } };
}

/**
 * Everything measured over HTTP against a running server, for each of `levels` (its
 * concurrency, and which of the optional figures to take): the feed's pages anonymous and with
 * a session, submissions and likes, each with the CPU time it cost. `plan` holds the pages'
 * paths and the confessions set aside for likes ({ id, likes } of each); `postgres` is what
 * cpu-time.js needs to tell PostgreSQL's share (null in embedded mode). Returns the figures by
 * level, the ledger of likes, for checking the read model afterwards, and the setup requests retried.
 */
export async function measureApi(server, plan, levels, postgres) {
  const ledger = new LikeLedger(plan.likeTargets.map(({ id, likes }) => [id, likes]));
  const likeTargets = plan.likeTargets.map(({ id }) => id);
  const nextAddress = networkAddresses();
  const retries = setupRetries();
  const pages = {};
  for (const [name, { path, firstId }] of Object.entries(plan.pages)) {
    pages[name] = {
      path,
      ids: await feedPageIds(server.baseUrl, path, { pageSize: plan.settings.pageSize, firstId, retries }),
    };
  }
  const measured = async (work) => {
    const { result, cpu } = await measureCpuTime(server.pid, postgres, work);
    return { ...result, cpu };
  };
  const results = [];
  for (const level of levels) {
    const settings = { ...plan.settings, ...level, nextAddress, retries };
    const { baseUrl } = server;
    const readPages = level.deepPageWithSession ? pages : { first: pages.first };
    const readers = await prepareReaders(baseUrl, level.concurrency, readPages, settings);
    const run = { concurrency: level.concurrency };
    if (level.anonymousFeed) {
      run.first = await measured(() => measureFeedPage(baseUrl, pages.first.path, settings));
      run.deep = await measured(() => measureFeedPage(baseUrl, pages.deep.path, settings));
    }
    for (const name of Object.keys(readPages)) {
      const result = await measured(() => measureFeedPage(baseUrl, pages[name].path, settings, readers.tokens));
      run[`${name}WithSession`] = merge(result, readers.failures[name]);
    }
    Object.assign(run, await measurePosts(server, settings, measured));
    Object.assign(
      run,
      await measureToggles(
        server,
        settings,
        { ledger, likeTargets, oneConfession: level.likesOnOneConfession, backToBack: level.likesBackToBack },
        measured,
      ),
    );
    results.push(run);
  }
  return { levels: results, ledger, retries };
}
