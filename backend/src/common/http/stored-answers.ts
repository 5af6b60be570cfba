import type { Response } from 'express';

/** An answer as it was sent: its headers (those not set per answer) and its body, compressed or not. */
export type StoredAnswer = Readonly<{ headers: Record<string, string | string[] | number>; body: Uint8Array }>;

// Set per answer by Node or when the answer is sent again.
const perAnswerHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** `body` with the headers `response` carries, to be sent again by `replayAnswer`. */
export function storedAnswer(response: Response, body: Uint8Array): StoredAnswer {
  const headers = Object.fromEntries(
    Object.entries(response.getHeaders()).filter(
      (entry): entry is [string, string | string[] | number] =>
        entry[1] !== undefined && !perAnswerHeaders.has(entry[0]),
    ),
  );
  return { headers, body };
}

/** Sends a stored answer as a 200, headers and body in one write. */
export function replayAnswer(response: Response, stored: StoredAnswer): void {
  response.writeHead(200, { ...stored.headers, 'content-length': stored.body.length });
  response.end(stored.body);
}
