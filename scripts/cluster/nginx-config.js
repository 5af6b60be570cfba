import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The entry point's whole configuration, as the compose file mounts it. */
export const deployedNginxConfigPath = new URL('../../deploy/nginx.conf', import.meta.url);

const upstreamServer = /^( *)server api:3000( [^;]*)?;$/m;
const listenLine = /^( *)listen 80;$/m;

/**
 * deploy/nginx.conf for one machine: the upstream's server line becomes one line per instance
 * (with the same parameters), and the server listens on `listen`. Nothing else changes, so the
 * cluster runs the deployment's configuration.
 */
export function localNginxConfig(deployed, { listen, upstreams }) {
  const server = deployed.match(upstreamServer);
  if (!server || !listenLine.test(deployed))
    throw new Error('deploy/nginx.conf has no `server api:3000` or `listen 80` line');
  const [, indent, parameters = ''] = server;
  const servers = upstreams.map((address) => `${indent}server ${address}${parameters};`).join('\n');
  return deployed.replace(upstreamServer, servers).replace(listenLine, `$1listen ${listen};`);
}

const cachePath = /^( *proxy_cache_path )\/\S*\/([^/\s]+) /gm;
/** The deployment's access log, to nginx's standard output, which the cluster does not read. */
const accessLog = /^( *)access_log [^;]*;$/m;

/**
 * What nginx needs to run deploy/nginx.conf (already made local) as an ordinary user's foreground
 * process in `prefix`: no daemon, its pid, logs, temporary files and caches there.
 */
export function asForegroundProcess(config, prefix) {
  const http = /^http \{$/m;
  if (!http.test(config) || !accessLog.test(config))
    throw new Error('deploy/nginx.conf has no `http {` or `access_log` line');
  const here = config
    .replace(cachePath, (_, directive, folder) => `${directive}${join(prefix, folder)} `)
    .replace(accessLog, '$1access_log off;');
  const main = [`daemon off;`, `pid ${join(prefix, 'nginx.pid')};`];
  const inHttp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `${kind}_temp_path ${join(prefix, kind)};`,
  );
  return `${main.join('\n')}\n${here.replace(http, `http {\n${inHttp.map((line) => `  ${line}`).join('\n')}`)}`;
}

export function readDeployedNginxConfig() {
  return readFileSync(deployedNginxConfigPath, 'utf8');
}
