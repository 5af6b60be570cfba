import { createHash } from 'node:crypto';
import { isModerationAction } from '@secretchatbox/contracts';
import type { RecordedEvent } from '@secretchatbox/event-store';

/** The hash before the first link. */
export const genesisHash = '0'.repeat(64);

/**
 * JSON with every object's keys sorted (by UTF-16 code units, as JavaScript sorts strings) and no
 * whitespace; strings and numbers as JSON.stringify writes them. Stores give an event's data
 * back with keys in their own order (PostgreSQL's jsonb sorts them by length), so the hash must
 * not depend on it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The canonical form of a stored event: its id, stream, revision, type, data and metadata as
 * stored (before any upcasting), in canonical JSON. The log position and the time the store
 * recorded are left out: they belong to the store, and a copy to another store keeps the chain.
 */
export function canonicalEvent(event: RecordedEvent): string {
  const { id, streamId, revision, type, data, metadata } = event;
  return canonicalJson({ id, streamId, revision, type, data, metadata });
}

/** A link's hash: SHA-256 (hex) of the previous link's hash followed by the event's canonical form. */
export function linkHash(previousHash: string, event: RecordedEvent): string {
  return createHash('sha256').update(previousHash).update(canonicalEvent(event)).digest('hex');
}

/** Whether the chain covers a stored event: the moderation events, known by their type alone. */
export const isChained = (event: RecordedEvent): boolean => isModerationAction(event.type);
