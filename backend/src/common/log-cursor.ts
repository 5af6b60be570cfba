import { messages } from '@secretchatbox/contracts';
import type { LogPlace } from '@secretchatbox/projections';
import { badRequest } from './errors.js';

const cursorPattern = /^(\d{1,19})_(\d{1,19})$/;
/** Log places are bigints in the read model: a larger number names no place, and would fail the query. */
const largestPlace = 2n ** 63n - 1n;

/** The place in the log that a page continues from, as the API hands it out (chat history, the audit log). */
export const encodeLogCursor = (place: LogPlace | null): string | null =>
  place ? `${place.commit}_${place.prepare}` : null;

/** A cursor back into its place; anything the API did not hand out is a 400. */
export function decodeLogCursor(cursor: string | undefined): LogPlace | null {
  if (cursor === undefined) return null;
  const match = cursorPattern.exec(cursor);
  const place = match && { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
  if (!place || place.commit > largestPlace || place.prepare > largestPlace) throw badRequest(messages.invalidCursor);
  return place;
}
