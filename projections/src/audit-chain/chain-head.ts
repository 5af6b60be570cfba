import { type AuditChainExtended, streams } from '@secretchatbox/contracts';
import {
  type EventStore,
  type Position,
  parsePosition,
  type RecordedEvent,
  StreamNotFoundError,
} from '@secretchatbox/event-store';
import { genesisHash } from './canonical-form.js';

/**
 * Where the chain ends: how many links it has, the last one's hash, the log position of the last
 * event it covers (null before the first link), and its stream's revision (-1: no stream yet).
 */
export type ChainHead = Readonly<{ links: number; hash: string; through: Position | null; revision: number }>;

export const emptyChain: ChainHead = { links: 0, hash: genesisHash, through: null, revision: -1 };

/** The chain's head, from the last event of its stream. */
export async function readChainHead(store: EventStore): Promise<ChainHead> {
  try {
    const [last] = await store.readStream(streams.auditChain(), { direction: 'backwards', maxCount: 1 });
    return last ? headAfter(last) : emptyChain;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return emptyChain;
    throw error;
  }
}

/** The head once `event` (an extension of the chain) is stored. */
export function headAfter(event: RecordedEvent): ChainHead {
  const { firstLink, links, through } = event.data as AuditChainExtended['data'];
  const last = links.at(-1);
  if (!last) throw new Error(`Chain extension ${event.id} holds no link`);
  return {
    links: firstLink + links.length - 1,
    hash: last.hash,
    through: parsePosition(through),
    revision: event.revision,
  };
}
