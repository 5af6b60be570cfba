// Lighthouse performance and accessibility of the built app, served by the real server on a scratch
// data directory. Run with `npm run lighthouse` (it builds first). Reports go to test-artifacts/lighthouse/.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const reportDir = join(root, 'test-artifacts', 'lighthouse');
const pages = { landing: '/', chat: '/chat' };
const thresholds = { performance: 90, accessibility: 95 };
const chromeFlags = ['--headless', ...chromiumFlags];

async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  return port;
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy.`);
    }
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not answer /health within 60 s.');
}

/** Audits of a category that cost it points, worst first. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .sort((a, b) => a.score - b.score)
    .map((audit) => `    ${audit.id} (${Math.round(audit.score * 100)}): ${audit.title}`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'secretchatbox-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['backend/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;

async function stop() {
  await chrome?.kill();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await rm(dataDir, { recursive: true, force: true });
}

// An interrupted run must not leave the server or Chromium behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stop().finally(() => process.exit(1)));
}

let passed = true;
try {
  await waitForHealth(base, server);
  // handleSIGINT off: chrome-launcher would otherwise exit on Ctrl-C before the server is stopped.
  chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags,
    handleSIGINT: false,
  });
  await mkdir(reportDir, { recursive: true });
  for (const [name, path] of Object.entries(pages)) {
    const { lhr, report } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(thresholds),
    });
    await writeFile(join(reportDir, `${name}.json`), report);
    console.log(path);
    for (const [category, minimum] of Object.entries(thresholds)) {
      const score = Math.round((lhr.categories[category].score ?? 0) * 100);
      passed &&= score >= minimum;
      console.log(`  ${category}: ${score} (minimum ${minimum})`);
      for (const line of losses(lhr, category)) console.log(line);
    }
  }
  console.log(`Reports saved to ${reportDir}`);
} finally {
  await stop();
}
process.exit(passed ? 0 : 1);
