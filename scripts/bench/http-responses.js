const headEnd = Buffer.from('\r\n\r\n');
const lineEnd = Buffer.from('\r\n');

/** The status and headers (lower-case names) of a response head. */
function parseHead(text) {
  const lines = text.split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  const headers = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    headers[lines[i].slice(0, colon).toLowerCase()] = lines[i].slice(colon + 1).trim();
  }
  return { status, headers };
}

/**
 * Reads the responses of one keep-alive HTTP/1.1 connection from its chunks, as they arrive:
 * returns the function to hand each chunk to, which calls `onResponse({ status, headers, body })`
 * for every complete response. Bodies are framed by Content-Length or chunked encoding.
 */
export function readResponse(onResponse) {
  let buffered = Buffer.alloc(0);
  let head = null;
  const take = (length) => {
    const taken = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return taken;
  };
  /** The body of a chunked response, or null while it is incomplete. */
  const chunkedBody = () => {
    const parts = [];
    let offset = 0;
    for (;;) {
      const end = buffered.indexOf(lineEnd, offset);
      if (end < 0) return null;
      const size = parseInt(buffered.toString('latin1', offset, end), 16);
      const start = end + 2;
      if (buffered.length < start + size + 2) return null;
      if (size === 0) {
        take(start + 2);
        return Buffer.concat(parts);
      }
      parts.push(buffered.subarray(start, start + size));
      offset = start + size + 2;
    }
  };
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!head) {
        const end = buffered.indexOf(headEnd);
        if (end < 0) return;
        head = parseHead(take(end + 4).toString('latin1', 0, end));
      }
      let body;
      if (head.headers['transfer-encoding'] === 'chunked') body = chunkedBody();
      else {
        const length = Number(head.headers['content-length'] ?? 0);
        body = buffered.length >= length ? Buffer.from(take(length)) : null;
      }
      if (body === null) return;
      const response = { ...head, body };
      head = null;
      onResponse(response);
    }
  };
}
