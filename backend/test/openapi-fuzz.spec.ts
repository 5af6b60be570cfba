import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EndpointName, endpoints, messages, pathTo } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { z } from 'zod';
import { filePairingReport, moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the fuzzing of every API operation');

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; description?: string; schema?: JsonSchema };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
};
type Read = { [Name in EndpointName]: (typeof endpoints)[Name]['method'] extends 'GET' ? Name : never }[EndpointName];
/** How each read is asked: its path parameters and query, from the fixtures' ids. */
type ReadRequest = { params?: Record<string, string>; query?: string };

type Probe = Readonly<{
  method: string;
  path: string;
  token?: string;
  body?: string;
  what: string;
  /** The free-text field or parameter that holds unstorable text: the answer must name it. */
  field?: string;
  /** A value a read may take (a query or path segment that is odd but storable). */
  mayPass?: boolean;
}>;

/** Values no field takes: text that cannot be stored, and values of the wrong type. */
const unstorableTexts = ['nul \u0000 inside', '\u0000', 'unpaired \ud800 high', 'unpaired \udfff low'];
const wrongTypes = [12345, {}, [], [unstorableTexts[0]]];
/** Path segments and query values as a client may send them, already percent-encoded. */
const encodedProbes = ['%00', 'a%00b', '%ED%A0%80', '%F0%9F', '-'.repeat(36), 'x'.repeat(2000)];
const wholeBodies = ['"\\u0000"', '"\\ud800"', '[]', 'null', '{"a":', '\u0000', '{"__proto__":{"x":1}}'];

const isFreeText = (schema: JsonSchema): boolean =>
  (schema.type === 'string' && !schema.enum && schema.const === undefined) || (schema.anyOf?.some(isFreeText) ?? false);

let nextAddress = 0;
/**
 * One request from a loopback address of its own: the probes would otherwise meet the
 * per-network limits long before they had tried every operation.
 */
function send(baseUrl: string, { method, path, token, body }: Probe): Promise<{ status: number; body: any }> {
  nextAddress += 1;
  const localAddress = `127.3.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    // Node frames no body of a DELETE unless told its length: the bytes would read as a next request.
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    if (token) headers['x-session-token'] = token;
    const call = request(`${baseUrl}${path}`, { method, headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the text itself is the answer.
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    call.on('error', reject);
    call.end(body);
  });
}

for (const target of testDatabaseTargets()) {
  describe(`every operation of the OpenAPI document, fuzzed, on ${target.name}`, () => {
    let t: TestApp;
    let operations: [method: string, path: string, operation: Operation][];
    let tokens: { admin: string; visitor: string };
    let ids: Record<string, string>;

    beforeAll(async () => {
      t = await startTestApp(target);
      const f = await moderationFixtures(t);
      tokens = { admin: f.chiefToken, visitor: await f.visitor() };
      ids = {
        '/api/confessions/:id': await f.approvedConfession(),
        '/api/admin/confessions/:id': await f.pendingConfession(),
        '/api/comments/:id': await f.pendingComment(),
        '/api/admins/:id': (await f.createAccount('normal', 'C001')).id,
        '/api/chat/rooms/:id': await f.room(),
        '/api/admin/direct-messages/:id': await f.pendingDirectMessage(),
        '/api/confessions/college/:code': 'C001',
      };
      const { body: document } = await t.call('GET', '/api/docs/openapi.json');
      operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
        ([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => [method.toUpperCase(), path, operation]),
      ) as typeof operations;
      ids['/api/admin/pairing-reports/:id'] = await filePairingReport(t, f.chiefToken);
    }, 60000);
    afterAll(async () => {
      await t?.close();
    });

    /** The operation's path with real ids, or `replace` for the parameter `name`, and who calls it. */
    const caller = (path: string, operation: Operation, replace?: { name: string; value: string }) => {
      // The id of the longest known path that this one starts with: a college code, not a confession id, for /college/.
      const known = Object.entries(ids)
        .map(([pattern, id]) => ({ prefix: pattern.slice(0, pattern.indexOf(':')), id }))
        .filter(({ prefix }) => path.startsWith(prefix))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === replace?.name
          ? replace.value
          : encodeURIComponent(known?.id ?? '00000000-0000-0000-0000-000000000000'),
      );
      const auth = operation.parameters.find((parameter) => parameter.name === 'x-session-token');
      const token = auth && (auth.description?.startsWith('Admin') ? tokens.admin : tokens.visitor);
      return { path: filled, token };
    };

    function probesOf(method: string, path: string, operation: Operation): Probe[] {
      const probes: Probe[] = [];
      const { token, path: filled } = caller(path, operation);
      for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
        for (const value of encodedProbes) {
          const replaced = caller(path, operation, { name: parameter.name, value });
          const what = `path ${parameter.name}=${value.slice(0, 12)}`;
          probes.push({ method, ...replaced, what, ...verdict(value, undefined) });
        }
      }
      for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
        const free = parameter.schema ? isFreeText(parameter.schema) : false;
        for (const value of [...encodedProbes, ...unstorableTexts.map(encodeUriText)]) {
          const what = `query ${parameter.name}=${value.slice(0, 12)}`;
          const expected = verdict(value, free ? parameter.name : undefined);
          probes.push({ method, path: `${filled}?${parameter.name}=${value}`, token, what, ...expected });
        }
      }
      const body = operation.requestBody?.content['application/json'].schema;
      for (const [field, schema] of Object.entries(body?.properties ?? {})) {
        for (const value of [...unstorableTexts, ...wrongTypes]) {
          const free = typeof value === 'string' && isFreeText(schema);
          probes.push({
            method,
            path: filled,
            token,
            body: JSON.stringify({ [field]: value }),
            what: `body ${field}=${JSON.stringify(value).slice(0, 16)}`,
            ...(free ? { field } : {}),
          });
        }
      }
      if (body)
        for (const raw of wholeBodies) probes.push({ method, path: filled, token, body: raw, what: `body ${raw}` });
      return probes;
    }

    it('answers every read with the shape its contract declares', async () => {
      const confession = { id: ids['/api/confessions/:id']! };
      const room = { id: ids['/api/chat/rooms/:id']! };
      const history = { type: 'confession', id: confession.id };
      const reads = {
        listColleges: {},
        listChatRooms: { query: 'collegeCode=C001' },
        getSession: {},
        getDailyLimit: {},
        me: {},
        listConfessions: {},
        listCollegeConfessions: { params: { code: 'C001' } },
        featuredConfession: { query: 'collegeCode=C001' },
        getConfession: { params: confession },
        listComments: { params: confession },
        listPendingConfessions: {},
        listPendingComments: {},
        listDirectMessages: {},
        listPendingDirectMessages: {},
        listPairingReports: {},
        moderationStats: {},
        listAdmins: {},
        listChatMessages: { params: room },
        listModeratedChatMessages: { query: `roomId=${room.id}` },
        getStats: {},
        auditLog: {},
        auditExport: { query: 'format=csv' },
        auditHistory: { params: history },
        auditState: { params: history },
        auditQueues: {},
        auditVerify: {},
        auditMetrics: {},
      } satisfies Record<Read, ReadRequest>;
      const wrong: string[] = [];
      for (const [name, { params = {}, query }] of Object.entries(reads) as [Read, ReadRequest][]) {
        const endpoint = endpoints[name];
        const token = endpoint.auth === 'admin' ? tokens.admin : endpoint.auth === 'none' ? undefined : tokens.visitor;
        const path = `${pathTo(endpoint.path, params)}${query ? `?${query}` : ''}`;
        const answer = await t.call('GET', path, { token });
        const checked = endpoint.response.safeParse(answer.body);
        if (answer.status !== endpoint.status || !checked.success) {
          const why = checked.success ? JSON.stringify(answer.body).slice(0, 200) : z.prettifyError(checked.error);
          wrong.push(`${name} ${answer.status}: ${why}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('answers every probe with a 4xx, never a 5xx, and unstorable text with its own message', async () => {
      const wrong: string[] = [];
      let sent = 0;
      for (const [method, path, operation] of operations) {
        for (const probe of probesOf(method, path, operation)) {
          const answer = await send(t.baseUrl, probe);
          sent += 1;
          const where = `${method} ${path} ${probe.what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`;
          if (answer.status >= 500 || (answer.status < 400 && !probe.mayPass)) wrong.push(where);
          else if (probe.field && answer.body?.fields?.[probe.field] !== messages.textNotStorable) wrong.push(where);
        }
      }
      expect(wrong).toEqual([]);
      expect(sent).toBeGreaterThan(500);
    }, 180000);
  });
}

/**
 * What a percent-encoded probe must get: a NUL is refused, naming `field` when it is free text;
 * anything else decodes to storable text (an invalid UTF-8 sequence to U+FFFD), which a read may take.
 */
function verdict(encoded: string, field: string | undefined): Pick<Probe, 'field' | 'mayPass'> {
  if (!encoded.includes('%00')) return { mayPass: true };
  return field ? { field } : {};
}

/** Text percent-encoded byte by byte as UTF-8 would have it, unpaired surrogates included (encodeURIComponent refuses those). */
function encodeUriText(text: string): string {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code < 0x80) encoded += encodeURIComponent(character);
    else if (code < 0x10000) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else encoded += encodeURIComponent(character);
  }
  return encoded;
}
