import { jest } from '@jest/globals';

export type Handler = (request: Request, body: unknown) => Response | Promise<Response>;
export type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };

/**
 * Answers the app's fetch calls by "METHOD /path" from `routes` (404 otherwise) and records each
 * call, so a test can check what the browser would have sent.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname: path, searchParams: query } = new URL(request.url);
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, query, headers: request.headers, body });
    const handler = routes[`${request.method} ${path}`];
    return handler ? handler(request, body) : new Response(null, { status: 404 });
  });
  return { calls };
}
