import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { clientAddress } from './client-address.js';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it("is the connection's own address unless proxies are trusted", () => {
    expect(clientAddress(request('10.0.0.5', '203.0.113.9'), 0)).toBe('10.0.0.5');
  });

  it('is the address the outermost trusted proxy appended, as for HTTP requests', () => {
    expect(clientAddress(request('10.0.0.5', '203.0.113.9'), 1)).toBe('203.0.113.9');
    // A client's own X-Forwarded-For entries come first and are not believed.
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, 203.0.113.9, 10.0.0.7'), 2)).toBe('203.0.113.9');
    // Fewer hops than trusted: the farthest one there is.
    expect(clientAddress(request('10.0.0.5', '203.0.113.9'), 3)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.5'), 1)).toBe('10.0.0.5');
  });
});
