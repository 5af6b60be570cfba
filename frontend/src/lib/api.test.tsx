import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createStore } from '../app/store';
import { fakeServer, keyOf, networkFailure, uuidPattern } from '../testing/fake-server';
import { idempotencyHeader, readAfterHeader, writePositionHeader } from '@secretchatbox/contracts';
import { api, newIdempotencyKey } from './api';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/api/probe' }),
    write: build.mutation<unknown, void>({ query: () => ({ url: '/api/probe', method: 'POST', body: {} }) }),
    keyedWrite: build.mutation<unknown, string>({
      query: (key) => ({ url: '/api/probe', method: 'POST', body: {}, headers: { [idempotencyHeader]: key } }),
    }),
  }),
});

async function errorFor(response: Response) {
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(response);
  return (await createStore().dispatch(probeApi.endpoints.probe.initiate())).error;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('api error format', () => {
  it('turns a non-ok text answer into "status: body"', async () => {
    const response = new Response('Database unavailable', { status: 500, headers: { 'content-type': 'text/plain' } });
    expect(await errorFor(response)).toEqual({ status: 500, message: '500: Database unavailable' });
  });

  it('keeps a JSON body as its text', async () => {
    const body = { statusCode: 400, message: 'Confession must be at least 10 characters' };
    expect(await errorFor(Response.json(body, { status: 400 }))).toEqual({
      status: 400,
      message: `400: ${JSON.stringify(body)}`,
    });
  });

  it.each([
    ['without a content type', {}],
    ['declared as JSON', { 'content-type': 'application/json' }],
  ])('uses the status text when the body is empty (%s)', async (_label, headers) => {
    const response = new Response(null, { status: 503, statusText: 'Service Unavailable', headers });
    expect(await errorFor(response)).toEqual({ status: 503, message: '503: Service Unavailable' });
  });

  it('keeps the status and text of a body that claims to be JSON but is not', async () => {
    const response = new Response('upstream timed out', {
      status: 502,
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorFor(response)).toEqual({ status: 502, message: '502: upstream timed out' });
  });

  it('passes data of an ok answer through', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ ok: true }));
    expect((await createStore().dispatch(probeApi.endpoints.probe.initiate())).data).toEqual({ ok: true });
  });
});

describe('writes', () => {
  it('carry a new UUID Idempotency-Key per call; reads carry none', async () => {
    const { calls } = fakeServer({
      'GET /api/probe': () => Response.json({}),
      'POST /api/probe': () => Response.json({}),
    });
    const store = createStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    await store.dispatch(probeApi.endpoints.write.initiate());
    await store.dispatch(probeApi.endpoints.write.initiate());
    const [read, first, second] = calls.map(keyOf);
    expect(read).toBeNull();
    expect(first).toMatch(uuidPattern);
    expect(second).toMatch(uuidPattern);
    expect(second).not.toBe(first);
  });

  it("keep a key the caller set, so an action taken again (a chat message's Retry) is the same write", async () => {
    const { calls } = fakeServer({ 'POST /api/probe': () => Response.json({}) });
    const store = createStore();
    const key = newIdempotencyKey();
    await store.dispatch(probeApi.endpoints.keyedWrite.initiate(key));
    await store.dispatch(probeApi.endpoints.keyedWrite.initiate(key));
    expect(calls.map(keyOf)).toEqual([key, key]);
    expect(key).toMatch(uuidPattern);
  });

  it('give up after three attempts the network lost, with the network error', async () => {
    const { calls } = fakeServer({ 'POST /api/probe': networkFailure });
    jest.useFakeTimers();
    const written = createStore().dispatch(probeApi.endpoints.write.initiate());
    // The clock moves past both pauses between the attempts (1.5 s in all) instead of waiting them.
    await jest.advanceTimersByTimeAsync(1500);
    const { error } = await written;
    expect(error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('are not sent again after an HTTP error; reads are not sent again at all', async () => {
    const { calls } = fakeServer({
      'POST /api/probe': () => new Response('down', { status: 503 }),
      'GET /api/probe': networkFailure,
    });
    const store = createStore();
    expect((await store.dispatch(probeApi.endpoints.write.initiate())).error).toMatchObject({ status: 503 });
    expect((await store.dispatch(probeApi.endpoints.probe.initiate())).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });
});

describe('reads after a write', () => {
  it('name the newest position a write was answered with, in whatever order the answers came', async () => {
    const positions = ['12/12', '9/9'];
    const { calls } = fakeServer({
      'GET /api/probe': () => Response.json({}),
      'POST /api/probe': () => Response.json({}, { headers: { [writePositionHeader]: positions.shift()! } }),
    });
    const store = createStore();
    const read = () => store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    await read();
    await store.dispatch(probeApi.endpoints.write.initiate());
    await store.dispatch(probeApi.endpoints.write.initiate());
    await read();
    expect(calls.map((call) => [call.method, call.headers.get(readAfterHeader)])).toEqual([
      ['GET', null],
      ['POST', null],
      ['POST', '12/12'],
      ['GET', '12/12'],
    ]);
  });
});
