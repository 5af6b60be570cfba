import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { isUuid } from '../ids.js';
import { normalizedRequestId, requestIdOf } from './request-ids.js';

const requestWith = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;
const proxied = '0F8FAD5B-D9CB-469F-A165-70867728950E';

describe('request ids', () => {
  it('takes a UUID or 32 hex digits (nginx’s $request_id) in the lower-case UUID form', () => {
    expect(normalizedRequestId(proxied)).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(normalizedRequestId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(normalizedRequestId('5F3E9D1A0B7C4E2D8A6B1C0D9E8F7A6B')).toBe('5f3e9d1a-0b7c-4e2d-8a6b-1c0d9e8f7a6b');
  });

  it.each([
    '',
    'r-1',
    '0f8fad5b-d9cb-469f-a165-70867728950',
    '0f8fad5b-d9cb-469f-a165-70867728950e0',
    '0f8fad5bd9cb-469f-a165-70867728950e-',
    '0f8fad5b-d9cb-469f-a165-70867728950g',
    '5f3e9d1a0b7c4e2d8a6b1c0d9e8f7a6',
    '5f3e9d1a0b7c4e2d8a6b1c0d9e8f7a6b0',
    ' 5f3e9d1a0b7c4e2d8a6b1c0d9e8f7a6',
    '0f8fad5b-d9cb-469f-a165-70867728950e\n',
    '{"msg":"forged"}',
  ])('refuses anything else: %j', (value) => {
    expect(normalizedRequestId(value)).toBeNull();
  });

  it("uses a trusted proxy's X-Request-Id", () => {
    const ids = requestIdOf(1);
    expect(ids(requestWith({ 'x-request-id': proxied }))).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(ids(requestWith({ 'x-request-id': '5f3e9d1a0b7c4e2d8a6b1c0d9e8f7a6b' }))).toBe(
      '5f3e9d1a-0b7c-4e2d-8a6b-1c0d9e8f7a6b',
    );
  });

  it('gives a random UUID behind a proxy that sent none, or something else', () => {
    const ids = requestIdOf(1);
    for (const headers of [{}, { 'x-request-id': 'r-1' }, { 'x-request-id': [proxied, proxied] }]) {
      const id = ids(requestWith(headers as IncomingMessage['headers']));
      expect(isUuid(id)).toBe(true);
      expect(id).not.toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    }
  });

  it('never takes the header from a client that connects directly', () => {
    const ids = requestIdOf(0);
    const first = ids(requestWith({ 'x-request-id': proxied }));
    const second = ids(requestWith({ 'x-request-id': proxied }));
    expect(isUuid(first)).toBe(true);
    expect(first).not.toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(second).not.toBe(first);
  });
});
