import { readAfterHeader, sessionHeader, writePositionHeader } from '@secretchatbox/contracts';

/**
 * An answer of a server process: its status, its body as JSON (as text when it is not JSON), the
 * position of what it wrote, if anything, and all its headers.
 */
export type Answer = { status: number; body: any; writePosition: string | null; headers: Headers };

/**
 * A request to a server process started by a test (an instance of the cluster, or the entry point
 * in front of them): JSON in and out, with a session token and, to an instance that trusts a proxy,
 * the caller's network as `X-Forwarded-For`, and the position of a write it must read after.
 */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  {
    body,
    token,
    network,
    readAfter,
  }: { body?: unknown; token?: string; network?: string; readAfter?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (network) headers['x-forwarded-for'] = network;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers[sessionHeader] = token;
  if (readAfter) headers[readAfterHeader] = readAfter;
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  const json = answer.headers.get('content-type')?.startsWith('application/json');
  return {
    status: answer.status,
    body: json ? JSON.parse(text) : text,
    writePosition: answer.headers.get(writePositionHeader),
    headers: answer.headers,
  };
}
