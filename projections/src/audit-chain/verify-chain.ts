import { type AuditChainExtended, type AuditChainLink, streams } from '@secretchatbox/contracts';
import {
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
  StreamNotFoundError,
} from '@secretchatbox/event-store';
import { genesisHash, isChained, linkHash } from './canonical-form.js';

export type ChainBreak = Readonly<{
  /** The link (counted from 1) where the chain stops holding. */
  link: number;
  eventId: string;
  /** The event's log position, when the event is still in the log. */
  position: string | null;
  problem: 'altered' | 'removed' | 'inserted' | 'link missing';
}>;

export type ChainVerdict =
  | Readonly<{ intact: true; links: number; head: string; unlinked: number; events: number }>
  | Readonly<{ intact: false; links: number; head: string; broken: ChainBreak; events: number }>;

const problemText: Record<ChainBreak['problem'], string> = {
  altered: 'the event was altered',
  removed: 'the event is missing from the log',
  inserted: 'an event the chain does not hold was inserted before it',
  'link missing': 'the chain stream skips this link',
};

/** The one line `npm run audit:verify` and the auditors' screen show for a verdict. */
export function describeVerdict(verdict: ChainVerdict): string {
  if (verdict.intact) return `chain intact: ${verdict.links} links, head ${verdict.head}`;
  const { link, eventId, position, problem } = verdict.broken;
  const where = position ? `, position ${position}` : '';
  return `chain broken at link ${link} (event ${eventId}${where}): ${problemText[problem]}`;
}

/**
 * Recomputes the chain from the first event: walks the log in order and the chain's links in
 * order side by side. Each moderation event must be the next link's event and hash to the link's
 * hash from the one before. Moderation events after the last link's event are not linked yet
 * (`unlinked`): the writer follows the log a moment behind.
 */
export async function verifyAuditChain(store: EventStore, pageSize = 5000): Promise<ChainVerdict> {
  const chain = await readLinks(store);
  if ('broken' in chain) return { intact: false, links: 0, head: genesisHash, broken: chain.broken, events: 0 };
  const { links } = chain;
  const linkOf = new Map(links.map((link, index) => [link.eventId, index]));
  let next = 0;
  let hash = genesisHash;
  let unlinked = 0;
  let events = 0;
  const broken = (problem: ChainBreak['problem'], eventId: string, position: Position | null): ChainVerdict => ({
    intact: false,
    links: next,
    head: hash,
    broken: { link: next + 1, eventId, position: position ? formatPosition(position) : null, problem },
    events,
  });
  let after: Position | null = null;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({ after, maxCount: pageSize, waitForOpenAppends: true });
    for (const event of page) {
      events += 1;
      const index = linkOf.get(event.id);
      if (index === undefined) {
        if (!isChained(event)) continue;
        if (next < links.length) return broken('inserted', event.id, event.position);
        unlinked += 1;
        continue;
      }
      if (index !== next) return broken('removed', links[next]!.eventId, null);
      hash = linkHash(hash, event);
      if (hash !== links[next]!.hash) {
        hash = next === 0 ? genesisHash : links[next - 1]!.hash;
        return broken('altered', event.id, event.position);
      }
      next += 1;
    }
    if (page.length < pageSize) break;
    after = page.at(-1)!.position;
  }
  if (next < links.length) return broken('removed', links[next]!.eventId, null);
  return { intact: true, links: links.length, head: hash, unlinked, events };
}

/** Every link of the chain stream, in order; a gap in the numbering is itself a break. */
async function readLinks(store: EventStore): Promise<{ links: AuditChainLink[] } | { broken: ChainBreak }> {
  let stored: RecordedEvent[];
  try {
    stored = await store.readStream(streams.auditChain());
  } catch (error) {
    if (error instanceof StreamNotFoundError) return { links: [] };
    throw error;
  }
  const links: AuditChainLink[] = [];
  for (const extension of stored) {
    const { firstLink, links: added } = extension.data as AuditChainExtended['data'];
    if (firstLink !== links.length + 1) {
      const missing = added[0]?.eventId ?? extension.id;
      return { broken: { link: links.length + 1, eventId: missing, position: null, problem: 'link missing' } };
    }
    links.push(...added);
  }
  return { links };
}
