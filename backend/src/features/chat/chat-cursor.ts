import { messages } from '@secretchatbox/contracts';
import type { LogPlace } from '@secretchatbox/projections';
import { badRequest } from '../../common/errors.js';

const cursorPattern = /^(\d{1,19})_(\d{1,19})$/;

/** The place in the log that a history page continues below, as the API hands it out. */
export const encodeChatCursor = (place: LogPlace | null): string | null =>
  place ? `${place.commit}_${place.prepare}` : null;

/** A cursor back into its place; anything the API did not hand out is a 400. */
export function decodeChatCursor(cursor: string | undefined): LogPlace | null {
  if (cursor === undefined) return null;
  const match = cursorPattern.exec(cursor);
  if (!match) throw badRequest(messages.invalidCursor);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
