import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * One process of the cluster (an API instance or a projections worker), started again with the
 * same port and environment by `start()`. Its output goes to `onOutput` line by line; what it
 * writes to stderr is also kept (`errorLines`), where a clean run leaves nothing.
 */
export class Member {
  child = null;
  errorLines = [];

  constructor({ name, command, env, port, onOutput = () => undefined }) {
    this.name = name;
    this.command = command;
    this.env = env;
    this.port = port;
    this.onOutput = onOutput;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start() {
    const [executable, ...args] = this.command;
    const child = spawn(executable, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = once(child, 'exit');
    child.once('exit', (code, signal) => this.onOutput(this.name, `exited (${signal ?? code})`));
    const take = (alsoInto) => {
      let partial = '';
      return (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) {
          alsoInto?.push(line);
          this.onOutput(this.name, line);
        }
      };
    };
    child.stdout.setEncoding('utf8').on('data', take(null));
    child.stderr.setEncoding('utf8').on('data', take(this.errorLines));
    return this;
  }

  /** Waits until `path` answers 2xx. */
  async waitForHealth(path = '/health', timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited (${this.child?.exitCode ?? this.child?.signalCode})`);
      const ok = await fetch(`${this.baseUrl}${path}`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not answer ${path} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Sends `signal` and resolves once the process has exited, with how long that took. A process
   * still there after `withinMs` is killed, and the stop fails naming it.
   */
  async stop(signal = 'SIGTERM', withinMs = 20_000) {
    if (!this.running) return 0;
    const started = Date.now();
    this.child.kill(signal);
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), withinMs)));
    const outcome = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.child.kill('SIGKILL');
      await this.exited;
      throw new Error(`${this.name} had not exited ${withinMs / 1000} s after ${signal}`);
    }
    return Date.now() - started;
  }
}

/** An API instance on a free port of its own, on loopback, trusting one proxy (the entry point) for the caller's address. */
export async function newApiInstance({ name, command, env, onOutput }) {
  const port = await freePort();
  const ownEnv = { ...env, TRUST_PROXY: '1', HOST: '127.0.0.1', PORT: String(port) };
  return new Member({ name, command, port, onOutput, env: ownEnv });
}

/** A projections worker, which answers `/metrics` and `/health` on a free port of its own, on loopback. */
export async function newProjectionsWorker({ name, command, env, onOutput }) {
  const port = await freePort();
  const ownEnv = { ...env, METRICS_HOST: '127.0.0.1', METRICS_PORT: String(port) };
  return new Member({ name, command, port, onOutput, env: ownEnv });
}
