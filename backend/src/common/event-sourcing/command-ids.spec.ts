import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import type { Database } from '@secretchatbox/database';
import { SessionSecret } from '../../infrastructure/session-secret.js';
import { isUuid } from '../ids.js';
import { CommandIds } from './command-ids.js';
import { CommandOrigin } from './command-origin.js';

const ids = new CommandIds(new SessionSecret({ SESSION_SECRET: 'test secret' } as AppConfig, {} as Database));
const scope = 'visitor:s1|POST /api/confessions|1b4e28ba-2fa1-4d2b-883f-0016d3cca427';

describe('CommandIds', () => {
  const correlation = ids.correlationId(CommandOrigin.ofIdempotentWrite(scope));

  it('derives the same ids for every retry of a request', () => {
    expect(ids.correlationId(CommandOrigin.ofIdempotentWrite(scope))).toEqual(correlation);
    expect(correlation.repeatable).toBe(true);
    expect(ids.eventId(correlation.id, 2)).toBe(ids.eventId(correlation.id, 2));
    const again = CommandOrigin.ofIdempotentWrite(scope);
    expect(ids.newId(again, 'confession')).toBe(ids.newId(CommandOrigin.ofIdempotentWrite(scope), 'confession'));
  });

  it("takes a keyed write's correlation id from its request id, which its scope gives", () => {
    const origin = CommandOrigin.ofIdempotentWrite(scope);
    expect(isUuid(origin.requestId)).toBe(true);
    expect(correlation.id).toBe(origin.requestId);
  });

  it("gives each of a request's events a UUID of its own, none its correlation id", () => {
    const eventIds = [0, 1, 2, 3].map((index) => ids.eventId(correlation.id, index));
    for (const id of eventIds) expect(isUuid(id)).toBe(true);
    expect(new Set([...eventIds, correlation.id]).size).toBe(5);
  });

  it('gives the events of other requests other ids', () => {
    const other = ids.correlationId(CommandOrigin.ofIdempotentWrite(`${scope.slice(0, -1)}8`));
    expect(ids.eventId(other.id, 0)).not.toBe(ids.eventId(correlation.id, 0));
  });

  it('uses the id of a request without a key as its correlation id, and makes random ids for it', () => {
    const origin = CommandOrigin.ofRequest('0f8fad5b-d9cb-469f-a165-70867728950e');
    const first = ids.correlationId(origin);
    expect(first).toEqual({ id: '0f8fad5b-d9cb-469f-a165-70867728950e', repeatable: false });
    expect(ids.newId(origin, 'confession')).not.toBe(ids.newId(origin, 'confession'));
  });

  it('gives a command no request asked for a fresh random id', () => {
    const first = ids.correlationId(CommandOrigin.fresh());
    expect(first.repeatable).toBe(false);
    expect(isUuid(first.id)).toBe(true);
    expect(ids.correlationId(CommandOrigin.fresh()).id).not.toBe(first.id);
  });
});
