// `node scripts/bench/socket-abuse.js <base URL>`: the socket attacks of one address against a
// running server, with what another client sees meanwhile. Start the server (`npm start`) and run
// it from another shell; it prints one line per attack. Run against two builds to compare them.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectSocket } from './socket-clients.js';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const attacker = fileURLToPath(new URL('./socket-attacker.js', import.meta.url));

const json = async (path, init) => (await fetch(`${baseUrl}${path}`, init)).json();
const percentile = (times, p) => times.sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))];
const timed = async (path) => {
  const started = performance.now();
  await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
  return performance.now() - started;
};
const residentMb = async () => {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Math.round(Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1]) / 2 ** 20);
};

function attack(options) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [attacker, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', () => resolve(JSON.parse(output)));
  });
}

/** Another client's reads of `path` while `during` runs (and at least two seconds): p50 and p99 in ms. */
async function readsWhile(path, during) {
  let over = false;
  void Promise.allSettled([during, new Promise((resolve) => setTimeout(resolve, 2000))]).then(() => (over = true));
  const times = [];
  while (!over) times.push(await timed(path));
  return `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms over ${times.length} reads`;
}

const token = (await json('/api/session', { method: 'POST' })).sessionToken;
const [lobby, library] = (await json('/api/chat/rooms?collegeCode=C001')).map((room) => room.id);
const history = `/api/chat/rooms/${lobby}/messages`;
console.log(`quiet: ${await readsWhile(history, Promise.resolve())}`);

const held = [];
let refused = 0;
const attempts = 2000;
for (let n = 0; n < attempts; n += 1) {
  await connectSocket(baseUrl, undefined, () => undefined).then(
    (socket) => held.push(socket),
    () => (refused += 1),
  );
}
const health = [];
for (let n = 0; n < 50; n += 1) health.push(await timed('/health'));
console.log(
  `connections: ${held.length} of ${attempts} held from one address, ${refused} refused; ` +
    `/health p99 ${percentile(health, 0.99).toFixed(1)} ms meanwhile; server RSS ${await residentMb()} MB`,
);
held.splice(0).forEach((socket) => socket.close());
await new Promise((resolve) => setTimeout(resolve, 1000));

for (const kind of ['typing', 'unknown']) {
  const flood = attack({ url: baseUrl, token, attack: kind, count: 100_000, rooms: [lobby], lingerMs: 1000 });
  const reads = await readsWhile(history, flood);
  const report = await flood;
  console.log(`${kind} flood: ${report.sent} sent, closed: ${report.closing ?? report.disconnect ?? 'no'}; other client ${reads}`);
}

const listeners = [];
let pushes = 0;
for (let n = 0; n < 300; n += 1) {
  const onEvent = (name) => name === 'updateOnlineCount' && (pushes += 1);
  // Three hundred students, each on a network of their own.
  const socket = await connectSocket(baseUrl, undefined, onEvent, { localAddress: `127.2.${n >> 8}.${n & 255}` });
  await socket.request('joinRoom', lobby);
  listeners.push(socket);
}
await new Promise((resolve) => setTimeout(resolve, 1000));
pushes = 0;
const hops = await attack({ url: baseUrl, attack: 'hops', count: 500, rooms: [library, lobby], lingerMs: 1000 });
console.log(`presence hops: ${hops.sent} joins by one socket, ${pushes} online-count pushes to 300 listeners`);
listeners.forEach((socket) => socket.close());
