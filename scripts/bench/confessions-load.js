import { apiPaths, limits } from '@secretchatbox/contracts';
import { httpClient, jsonBody } from './http-client.js';
import { runClosedLoop } from './load.js';
import { sessionsPerNetwork } from './confessions-data.js';

/**
 * Readers of one feed page over `concurrency` keep-alive connections, anonymous or all with the
 * session `token`; every answer must be a 200.
 */
export async function measureFeedPage(baseUrl, path, settings, token) {
  const client = httpClient(baseUrl, { connections: settings.concurrency });
  let failed = 0;
  try {
    const result = await runClosedLoop({
      ...settings,
      operation: async () => {
        const response = await client.request('GET', path, { token });
        if (response.status !== 200) failed += 1;
      },
    });
    return { ...result, failed };
  } finally {
    client.close();
  }
}

/** A visitor session started from 127.0.0.1, where the readers are. */
export async function startReaderSession(baseUrl) {
  const client = httpClient(baseUrl);
  try {
    const response = await client.request('POST', apiPaths.session, { body: {} });
    if (response.status !== 201) throw new Error(`POST ${apiPaths.session} answered ${response.status}`);
    return jsonBody(response).sessionToken;
  } finally {
    client.close();
  }
}

/** Loopback address number `index` in 127.1.0.0/16 (127.0.0.1 stays the readers'). */
const networkAddress = (index) => `127.1.${(index >> 8) & 255}.${index & 255}`;

/**
 * Visitors on `networkCount` networks, each network its own source address with its sessions
 * started from it (POST /api/session), ready to use up their daily confessions. The connections
 * are closed afterwards: left idle, the server would close them, perhaps just as one is reused.
 */
export async function startSessions(baseUrl, networkCount, concurrency) {
  const networks = Array.from({ length: networkCount }, (_, index) => ({
    connect: () => httpClient(baseUrl, { localAddress: networkAddress(index), connections: 1 }),
    sessions: [],
  }));
  const clients = networks.map((network) => network.connect());
  const starts = networks.flatMap((_, index) => Array.from({ length: sessionsPerNetwork }, () => index));
  let next = 0;
  const starter = async () => {
    while (next < starts.length) {
      const index = starts[next++];
      const response = await clients[index].request('POST', apiPaths.session, { body: {} });
      if (response.status !== 201) throw new Error(`POST ${apiPaths.session} answered ${response.status}`);
      networks[index].sessions.push({ token: jsonBody(response).sessionToken, submitted: 0 });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, starter));
    return networks;
  } finally {
    for (const client of clients) client.close();
  }
}

/**
 * Closed loop of submissions. Each worker takes a network, connects from its address, submits
 * its sessions' daily confessions one after the other, then takes the next network. A
 * submission counts as accepted on a 201 whose `remaining` is the session's quota less what it
 * has submitted: read back after the write, so a reply that missed its own write is an error.
 */
export async function measureSubmissions(networks, { collegeCode, ...settings }) {
  const queue = [...networks];
  const current = [];
  const outcome = { accepted: 0, refused: 0, staleReads: 0 };
  const submit = async (worker) => {
    let network = current[worker];
    let session = network?.sessions.find((candidate) => candidate.submitted < limits.dailyConfessions);
    if (!session) {
      network?.client.close();
      network = current[worker] = queue.shift();
      if (!network) throw new Error('The benchmark ran out of prepared sessions: raise postsPerSecondCapacity');
      network.client = network.connect();
      session = network.sessions[0];
    }
    session.submitted += 1;
    const body = {
      content: `Benchmark confession ${session.submitted} of ${session.token.slice(0, 8)}: exams week again.`,
      category: 'academic',
      collegeCode,
    };
    const response = await network.client.request('POST', apiPaths.confessions, { body, token: session.token });
    if (response.status !== 201) outcome.refused += 1;
    else if (jsonBody(response).remaining !== limits.dailyConfessions - session.submitted) outcome.staleReads += 1;
    else outcome.accepted += 1;
  };
  try {
    const result = await runClosedLoop({ ...settings, operation: submit });
    return { ...result, ...outcome };
  } finally {
    for (const network of current) network?.client.close();
  }
}
