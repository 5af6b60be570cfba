import { jest } from '@jest/globals';
import { type ErrorCode, errorStatuses, idempotencyHeader, messages } from '@secretchatbox/contracts';

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

/** A write the server saved but cannot show yet (202), as it answers it, with what it knows of the write. */
export const acceptedAnswer = (known: Record<string, unknown> = {}) =>
  Response.json(
    { ...known, statusCode: 202, message: messages.savedNotYetVisible, position: '42/42' },
    { status: 202 },
  );

/** An error answer as the server sends it (docs/api.md): its code's status, the message and the code. */
export const errorAnswer = (
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
) => {
  const statusCode = errorStatuses[code];
  return Response.json({ statusCode, error: 'Error', message, code, fields }, { status: statusCode, headers });
};

/** What fetch does when the network loses a request: it rejects, and no HTTP answer comes. */
export const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Idempotency-Key a recorded call carried. */
export const keyOf = (call: Call) => call.headers.get(idempotencyHeader);
