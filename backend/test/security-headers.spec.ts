import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pagePaths } from '@secretchatbox/contracts';
import { quickestTarget } from '@secretchatbox/database/testing';
import { securityHeaderNames, securityHeaders, securityHeaderValues } from '../src/common/http/security-headers.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const themeScript = "if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');";
const prerenderScript = '$RC("B:0","S:0")';
const page = (...inlineScripts: string[]) =>
  `<!doctype html><html><head>${inlineScripts.map((body) => `<script>${body}</script>`).join('')}` +
  '<script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const sha256 = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** A built frontend as the server reads it: the landing page, the app shell and an asset. */
function builtFrontend(): string {
  const dist = mkdtempSync(join(tmpdir(), 'scb-headers-'));
  writeFileSync(join(dist, 'index.html'), page(`\n  ${themeScript}\n`, prerenderScript));
  writeFileSync(join(dist, 'app.html'), page(`\n  ${themeScript}\n`));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/app.js'), 'console.log("app");');
  return dist;
}

/** The headers an answer must carry, as `securityHeadersOf` reads them, when no proxy is in front. */
const expectedHeaders = {
  policy: expect.stringContaining("frame-ancestors 'none'"),
  frameOptions: 'DENY',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'no-referrer',
  transportSecurity: null,
  // The request's own id (request-ids.ts), also on an answer sent again from a cache.
  requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
};

function securityHeadersOf(headers: Headers) {
  return {
    policy: headers.get('content-security-policy'),
    frameOptions: headers.get('x-frame-options'),
    contentTypeOptions: headers.get('x-content-type-options'),
    referrerPolicy: headers.get('referrer-policy'),
    transportSecurity: headers.get('strict-transport-security'),
    requestId: headers.get('x-request-id'),
  };
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('security headers', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = builtFrontend();
    t = await startTestApp(quickestTarget(), { FRONTEND_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** One answer of each kind the server gives: name, method, path and the raw body sent. */
  const answers: [string, string, string, string?][] = [
    ['an API answer', 'GET', '/api/colleges'],
    ['the feed, read anonymously', 'GET', '/api/confessions?collegeCode=C001'],
    ['the same feed again, from the cache of whole answers', 'GET', '/api/confessions?collegeCode=C001'],
    ['an error', 'POST', '/api/session', '{not json'],
    ['an unknown API path', 'GET', '/api/nothing/here'],
    ['a missing file', 'GET', '/assets/missing.js'],
    ['a static file', 'GET', '/assets/app.js'],
    ['the landing page', 'GET', '/'],
    ['the app shell', 'GET', '/chat'],
    ['an unknown page', 'GET', '/no/such/page'],
    ['the API docs', 'GET', '/api/docs'],
    ['a Swagger UI file', 'GET', '/api/docs/assets/swagger-ui-bundle.js'],
  ];

  it('gives every kind of answer the same security headers, without HSTS when no proxy is in front', async () => {
    for (const [answer, method, path, raw] of answers) {
      const { headers } = await t.call(method, path, { raw });
      expect({ answer, ...securityHeadersOf(headers) }).toEqual({ answer, ...expectedHeaders });
    }
  });

  it("gives socket.io's HTTP answers the same headers, its refusals too, and serves no client file", async () => {
    const polling = '/socket.io/?EIO=4&transport=polling';
    const send = (path: string, body?: string) =>
      fetch(`${t.baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', body });
    const handshake = await send(polling);
    const { sid } = JSON.parse((await handshake.clone().text()).slice(1)) as { sid: string };
    // Connecting to the main namespace, whose answer the poll then takes.
    const post = await send(`${polling}&sid=${sid}`, '40');
    const poll = await send(`${polling}&sid=${sid}`);
    const answers: [string, Response][] = [
      ['the polling handshake', handshake],
      ['a polling POST', post],
      ['a poll', poll],
      ['an unknown transport', await send('/socket.io/?EIO=4&transport=carrier-pigeon')],
      ['an unknown session', await send(`${polling}&sid=no-such-session`)],
      ['the client file', await send('/socket.io/socket.io.js')],
    ];
    expect(answers.map(([answer, response]) => ({ answer, status: response.status }))).toEqual([
      { answer: 'the polling handshake', status: 200 },
      { answer: 'a polling POST', status: 200 },
      { answer: 'a poll', status: 200 },
      { answer: 'an unknown transport', status: 400 },
      { answer: 'an unknown session', status: 400 },
      { answer: 'the client file', status: 400 },
    ]);
    for (const [answer, { headers }] of answers) {
      expect({ answer, ...securityHeadersOf(headers) }).toEqual({ answer, ...expectedHeaders });
    }
    // socket.io answers a POST as HTML, which only nosniff keeps a browser from taking for a page.
    expect(post.headers.get('content-type')).toContain('text/html');
    expect(post.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets scripts run only from the server itself and as the built pages inline them', async () => {
    const policy = directives((await t.call('GET', '/')).headers.get('content-security-policy'));
    expect(policy['script-src']!.sort()).toEqual(
      ["'self'", sha256(`\n  ${themeScript}\n`), sha256(prerenderScript)].sort(),
    );
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it("answers every page of the app 200, and any other page path 404 with the app's shell", async () => {
    for (const path of [...Object.values(pagePaths), '/chat/', '/admin?x=1']) {
      expect({ path, status: (await t.call('GET', path)).status }).toEqual({ path, status: 200 });
    }
    for (const path of ['/no/such/page', '/chats', '/admin/extra']) {
      const answer = await t.call('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(String(answer.body)).toContain('<div id="root">');
    }
  });

  it('serves of Swagger UI only the files the docs page loads', async () => {
    const docsPage: string = (await t.call('GET', '/api/docs')).body;
    const assets = [...docsPage.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toContain('/api/docs/assets/swagger-ui-bundle.js');
    for (const asset of assets)
      expect({ asset, status: (await t.call('GET', asset)).status }).toEqual({ asset, status: 200 });
    for (const stock of [
      'index.html',
      'swagger-initializer.js',
      'swagger-ui.js',
      'index.css',
      'oauth2-redirect.html',
    ]) {
      const path = `/api/docs/assets/${stock}`;
      expect({ path, status: (await t.call('GET', path)).status }).toEqual({ path, status: 404 });
    }
  });

  describe('behind a proxy, without a built frontend', () => {
    let empty: string;
    let proxied: TestApp;
    beforeAll(async () => {
      empty = mkdtempSync(join(tmpdir(), 'scb-headers-unbuilt-'));
      proxied = await startTestApp(quickestTarget(), { FRONTEND_DIST: empty, TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await proxied.close();
      rmSync(empty, { recursive: true, force: true });
    });

    it('sends Strict-Transport-Security, since the proxy is where HTTPS ends', async () => {
      for (const path of ['/api/colleges', '/api/nothing/here', '/', '/api/docs']) {
        const { headers } = await proxied.call('GET', path);
        expect({ path, hsts: headers.get('strict-transport-security') }).toEqual({ path, hsts: 'max-age=31536000' });
      }
    });

    it('names every header it sets among those that answers kept for sending again leave out', () => {
      const set: Record<string, string> = {};
      const reply = {
        headers: (headers: Record<string, string>) => (Object.assign(set, headers), reply),
        header: (name: string, value: string) => ((set[name] = value), reply),
      };
      securityHeaders(securityHeaderValues(empty, 1))({ id: 'a request id' } as never, reply as never, () => undefined);
      expect(Object.keys(set).filter((name) => !securityHeaderNames.has(name))).toEqual([]);
      expect(Object.keys(set)).toHaveLength(securityHeaderNames.size);
    });

    it('allows no inline script when there are no built pages', async () => {
      const { headers } = await proxied.call('GET', '/api/colleges');
      expect(directives(headers.get('content-security-policy'))['script-src']).toEqual(["'self'"]);
    });
  });
});
