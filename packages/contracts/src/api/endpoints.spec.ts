import { describe, expect, it } from '@jest/globals';
import { type EndpointContract, endpoints } from './endpoints.js';
import { apiPaths, pathTo } from './paths.js';

const all = Object.entries(endpoints) as [string, EndpointContract][];

describe('endpoint contracts', () => {
  it('limit every write per network (brief section 2)', () => {
    const unlimited = all
      .filter(([, contract]) => contract.method !== 'GET' && !contract.rateLimit)
      .map(([name]) => name);
    expect(unlimited).toEqual([]);
  });

  it('give roles only to admin endpoints, and each admin write names its roles', () => {
    expect(all.filter(([, contract]) => contract.roles && contract.auth !== 'admin').map(([name]) => name)).toEqual([]);
    const open = all.filter(
      ([name, contract]) =>
        contract.auth === 'admin' && contract.method !== 'GET' && !contract.roles && name !== 'logout',
    );
    expect(open.map(([name]) => name)).toEqual([]);
  });

  it('have one handler per method and path', () => {
    const routes = all.map(([, contract]) => `${contract.method} ${contract.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('pathTo', () => {
  it('fills each parameter as one encoded segment', () => {
    expect(pathTo(apiPaths.comments, { id: 'a/b c' })).toBe('/api/confessions/a%2Fb%20c/comments');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => pathTo(apiPaths.confession, {})).toThrow('Missing path parameter id');
  });
});
