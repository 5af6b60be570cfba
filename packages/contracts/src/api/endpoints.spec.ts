import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { type EndpointContract, endpoints } from './endpoints.js';
import { apiPaths, pathTo } from './paths.js';
import { type AnswerOf, routes } from './routes.js';

const all = Object.entries(endpoints) as [string, EndpointContract][];

describe('endpoint contracts', () => {
  it('limit every write per network (docs/product.md, Quotas)', () => {
    const unlimited = all
      .filter(([, contract]) => contract.method !== 'GET' && !contract.rateLimit)
      .map(([name]) => name);
    expect(unlimited).toEqual([]);
  });

  it('give roles only to endpoints admins call, and each admin write names its roles', () => {
    const byAdmins = (contract: EndpointContract) => contract.auth === 'admin' || contract.auth === 'visitor-or-admin';
    expect(all.filter(([, contract]) => contract.roles && !byAdmins(contract)).map(([name]) => name)).toEqual([]);
    const open = all.filter(
      ([name, contract]) => byAdmins(contract) && contract.method !== 'GET' && !contract.roles && name !== 'logout',
    );
    expect(open.map(([name]) => name)).toEqual([]);
  });

  it('declare what each answers, but for an answer without a body', () => {
    const undeclared = all.filter(([, contract]) => !contract.response && contract.status !== 204);
    expect(undeclared.map(([name]) => name)).toEqual([]);
  });

  it('have one handler per method and path', () => {
    const routes = all.map(([, contract]) => `${contract.method} ${contract.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('routes', () => {
  it("are typed with their endpoints' answers", () => {
    const like: AnswerOf<typeof routes.likeConfession> = { liked: true, likes: 2 };
    // @ts-expect-error: a like answers its count, not a report's receipt
    const report: AnswerOf<typeof routes.likeConfession> = { status: 'received' };
    expect([like, report]).toHaveLength(2);
  });

  it('load no zod, so that a client calling the API through them carries none', async () => {
    expect(await runtimeImports(new URL('./routes.ts', import.meta.url))).not.toContain('zod');
  });
});

/** Every module a source file loads when it runs (type-only imports left out), followed through relative imports. */
async function runtimeImports(file: URL, seen = new Set<string>()): Promise<string[]> {
  const source = await readFile(file, 'utf8');
  const imported = [...source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm)].map(([, from]) => from!);
  const found: string[] = [];
  for (const from of imported) {
    if (seen.has(from)) continue;
    seen.add(from);
    found.push(from);
    if (from.startsWith('.')) found.push(...(await runtimeImports(new URL(from.replace(/\.js$/, '.ts'), file), seen)));
  }
  return found;
}

describe('pathTo', () => {
  it('fills each parameter as one encoded segment', () => {
    expect(pathTo(apiPaths.comments, { id: 'a/b c' })).toBe('/api/confessions/a%2Fb%20c/comments');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => pathTo(apiPaths.confession, {})).toThrow('Missing path parameter id');
  });
});
