import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The entry point's configuration as the compose file mounts it. */
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

/** The rest of what nginx needs to run as an ordinary user's foreground process in `prefix`. */
export function nginxMainConfig(prefix, serverConfigPath) {
  return `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'client_body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  include ${serverConfigPath};
}
`;
}

export function readDeployedNginxConfig() {
  return readFileSync(deployedNginxConfigPath, 'utf8');
}
