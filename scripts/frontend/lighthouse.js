// Lighthouse performance and accessibility of the built app, served by the real server on a scratch
// data directory. Run with `npm run lighthouse` (it builds first). Reports go to test-artifacts/lighthouse/.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, Member } from '../cluster/members.js';
import { serverNodeFlags } from '../cluster/node-flags.js';
import { chromiumFlags, chromiumPath } from './chromium.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const reportDir = join(root, 'test-artifacts', 'lighthouse');
const pages = { landing: '/', chat: '/chat' };
const thresholds = { performance: 90, accessibility: 95 };
const chromeFlags = ['--headless', ...chromiumFlags];

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
const server = new Member({
  name: 'server',
  command: [process.execPath, ...serverNodeFlags, join(root, 'backend/bundle/main.js')],
  port,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
}).start();
const base = server.baseUrl;
let chrome;

async function stop() {
  await chrome?.kill();
  await server.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

// An interrupted run must not leave the server or Chromium behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stop().finally(() => process.exit(1)));
}

let passed = true;
try {
  await server.waitForHealth('/health', 60_000);
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
