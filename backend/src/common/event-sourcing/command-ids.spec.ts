import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import type { Database } from '@secretchatbox/database';
import { SessionSecret } from '../../infrastructure/session-secret.js';
import { isUuid } from '../ids.js';
import { CommandIds } from './command-ids.js';

const ids = new CommandIds(new SessionSecret({ SESSION_SECRET: 'test secret' } as AppConfig, {} as Database));

describe('CommandIds', () => {
  const correlation = ids.correlationId('1b4e28ba-2fa1-4d2b-883f-0016d3cca427');

  it('derives the same ids for every retry of a request', () => {
    expect(ids.correlationId('1b4e28ba-2fa1-4d2b-883f-0016d3cca427')).toEqual(correlation);
    expect(correlation.repeatable).toBe(true);
    expect(ids.eventId(correlation.id, 2)).toBe(ids.eventId(correlation.id, 2));
  });

  it("gives each of a request's events a UUID of its own, none its correlation id", () => {
    const eventIds = [0, 1, 2, 3].map((index) => ids.eventId(correlation.id, index));
    for (const id of eventIds) expect(isUuid(id)).toBe(true);
    expect(new Set([...eventIds, correlation.id]).size).toBe(5);
  });

  it('gives the events of other requests other ids', () => {
    const other = ids.correlationId('9c0ad3e2-0d4e-4f6e-9a59-1f0b7a3c5d21');
    expect(ids.eventId(other.id, 0)).not.toBe(ids.eventId(correlation.id, 0));
  });

  it('makes random ids for requests without a key', () => {
    const first = ids.correlationId(null);
    expect(first.repeatable).toBe(false);
    expect(ids.correlationId(null).id).not.toBe(first.id);
  });
});
