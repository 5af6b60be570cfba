// How long a start takes: from what `npm start` runs once its build is current
// (`startCommandText`), to the server's first answer to a request.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../cluster/members.js';
import { serverNodeFlags } from '../cluster/node-flags.js';
import { percentile } from './stats.js';

const mainScript = fileURLToPath(new URL('../../backend/bundle/main.js', import.meta.url));
/** The command timed, as the report names it. */
export const startCommandText = ['node', ...serverNodeFlags, 'backend/bundle/main.js'].join(' ');
const pollEveryMs = 5;

/** The answer to `url`, or null while nothing listens there. */
async function answerOf(url) {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response;
  } catch (error) {
    if (error.cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

/**
 * Starts the server with `env` on top of this process's environment, times its first answer to
 * `path` (asked every 5 ms from the spawn on), then stops it as an orchestrator would (SIGTERM).
 */
export async function timeFirstAnswer(env, path) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, mainScript], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text) => (errors += text));
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}: ${errors}`);
      const response = await answerOf(`http://127.0.0.1:${port}${path}`);
      if (response?.ok) return performance.now() - started;
      if (response) throw new Error(`The server's first answer to ${path} was ${response.status}`);
      await sleep(pollEveryMs);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `times` starts one after the other: each one's time to its first answer, and their median. */
export async function timeStarts(env, path, times) {
  const each = [];
  for (let start = 0; start < times; start += 1) each.push(await timeFirstAnswer(env, path));
  return { each, median: percentile(each, 50) };
}
