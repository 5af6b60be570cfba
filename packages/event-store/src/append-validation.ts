import { randomUUID } from 'node:crypto';
import { InvalidAppendError } from './errors.js';
import type { EventToAppend, ExpectedRevision, StreamAppend } from './event-store.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PreparedEvent = { id: string; type: string; data: unknown; metadata: unknown };

/** Checks what both adapters require of an append and fills in missing event ids. */
export function prepareAppend(
  streamId: string,
  events: readonly EventToAppend[],
  expected: ExpectedRevision,
): PreparedEvent[] {
  if (!streamId || streamId.startsWith('$')) throw new InvalidAppendError(`Invalid stream id: "${streamId}"`);
  if (events.length === 0) throw new InvalidAppendError('An append needs at least one event');
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new InvalidAppendError(`Invalid expected revision: ${expected}`);
  }
  return events.map((event) => {
    const id = event.id ?? randomUUID();
    if (!uuidPattern.test(id)) throw new InvalidAppendError(`Event id must be a UUID: "${id}"`);
    if (!event.type || event.type.startsWith('$')) throw new InvalidAppendError(`Invalid event type: "${event.type}"`);
    return { id: id.toLowerCase(), type: event.type, data: event.data ?? {}, metadata: event.metadata ?? {} };
  });
}

export type PreparedStreamAppend = { streamId: string; expected: ExpectedRevision; events: PreparedEvent[] };

/** Checks an append to several streams: at least one, each stream once. */
export function prepareAppends(appends: readonly StreamAppend[]): PreparedStreamAppend[] {
  if (appends.length === 0) throw new InvalidAppendError('An append needs at least one stream');
  const streams = new Set(appends.map((append) => append.streamId));
  if (streams.size !== appends.length) throw new InvalidAppendError('Each stream may appear once in an append');
  return appends.map(({ streamId, events, expectedRevision = 'any' }) => ({
    streamId,
    expected: expectedRevision,
    events: prepareAppend(streamId, events, expectedRevision),
  }));
}
