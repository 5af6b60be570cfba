/** An answer of a server process: its status, and its body as JSON (as text when it is not JSON). */
export type Answer = { status: number; body: any };

/**
 * A request to a server process started by a test (an instance of the cluster, or the entry point
 * in front of them): JSON in and out, with a session token and, to an instance that trusts a proxy,
 * the caller's network as `X-Forwarded-For`.
 */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { body, token, network }: { body?: unknown; token?: string; network?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (network) headers['x-forwarded-for'] = network;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-session-token'] = token;
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  const json = answer.headers.get('content-type')?.startsWith('application/json');
  return { status: answer.status, body: json ? JSON.parse(text) : text };
}
