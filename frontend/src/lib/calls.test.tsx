import { describe, expect, it } from '@jest/globals';
import { routes } from '@secretchatbox/contracts';
import { call, callTo } from './calls';

describe('calls to the routes of the contracts', () => {
  it("send the route's method to its path, each parameter one encoded segment", () => {
    const request = call(routes.rejectComment, { path: { id: 'a/b' }, body: { note: 'spam' } });
    expect(request).toMatchObject({ url: '/api/comments/a%2Fb/reject', method: 'PUT', body: { note: 'spam' } });
  });

  it('build an endpoint whose request comes from its argument and whose answer has the type the route declares', () => {
    const endpoint = callTo(routes.likeConfession, (id: string) => ({ path: { id }, body: {} }));
    expect(endpoint.query('c1')).toMatchObject({ url: '/api/confessions/c1/like', method: 'POST' });
    const answer = endpoint.transformResponse({ liked: true, likes: 3 });
    expect(answer.likes).toBe(3);
    // @ts-expect-error: a like's answer has no status
    expect(answer.status).toBeUndefined();
  });
});
