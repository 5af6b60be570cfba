import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asForegroundProcess, localNginxConfig, readDeployedNginxConfig } from './nginx-config.js';
import { startNodeProxy } from './node-proxy.js';

const nginxBinaries = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

/** Debian's nginx if installed (and not ruled out with CLUSTER_ENTRY=node), else null. */
export function findNginx(env = process.env) {
  if (env.CLUSTER_ENTRY === 'node') return null;
  return nginxBinaries.find((path) => existsSync(path)) ?? null;
}

/**
 * The one entry point in front of the API instances on `port`: nginx serving deploy/nginx.conf,
 * or the small Node proxy where nginx is not installed.
 */
export async function startEntry({ host = '127.0.0.1', port, upstreams, onOutput = () => undefined }) {
  const nginx = findNginx();
  if (!nginx) return startNodeProxy({ host, port, upstreams });
  const prefix = await mkdtemp(join(tmpdir(), 'secretchatbox-nginx-'));
  // Started by root, nginx's workers run as nobody, and they keep the feed's cache in this folder.
  await chmod(prefix, 0o755);
  await mkdir(join(prefix, 'logs'));
  const local = localNginxConfig(readDeployedNginxConfig(), { listen: `${host}:${port}`, upstreams });
  await writeFile(join(prefix, 'nginx.conf'), asForegroundProcess(local, prefix));
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => onOutput(chunk));
  child.stderr.on('data', (chunk) => onOutput(chunk));
  await waitForPort(host, port, child);
  return {
    kind: 'nginx',
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

async function waitForPort(host, port, child) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const answered = await fetch(`http://${host}:${port}/health`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${host}:${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
