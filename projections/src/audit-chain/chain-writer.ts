import { randomUUID } from 'node:crypto';
import { type AuditChainExtended, type AuditChainLink, type EventMetadata, streams } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import {
  type EventStore,
  formatPosition,
  isAfter,
  type Position,
  type RecordedEvent,
} from '@secretchatbox/event-store';
import { gatherMsOn, inBatches } from '../runner/batches.js';
import { type Checkpoint, readCheckpoints, saveCheckpoints } from '../runner/checkpoints.js';
import { LeasedLoop, type LeaseStatus } from '../runner/leased-loop.js';
import { type RunnerLogger, silentLogger } from '../runner/projection-runner.js';
import { isChained, linkHash } from './canonical-form.js';
import { type ChainHead, readChainHead } from './chain-head.js';

/** The advisory lock that makes one process at a time extend the chain. */
export const chainLeaseKey = 'audit-chain';
/** The row of the projections' checkpoints that says how far the writer has read the log. */
export const chainReadCheckpoint = 'audit-chain';

export type ChainWriterOptions = Readonly<{
  batchSize?: number;
  /** How long a batch waits for more events after its first (by default, `gatherMsOn` the database). */
  gatherMs?: number;
  /** How many events it reads between two saves of how far it has read, besides the one as it stops (10,000). */
  saveReadEvery?: number;
  /** How often a standby writer tries to take over, and how long it waits after a failure. */
  retryMs?: number;
  logger?: RunnerLogger;
}>;

/**
 * Follows the log and links every moderation event into the chain, in log order, one extension
 * event per batch. Appends elsewhere never wait for it. One process at a time writes (a lease);
 * each extension is appended at the chain stream's revision it followed on from, so even two
 * writers could never fork the chain: the one behind fails, reads the head again and goes on.
 * How far it has read is kept among the read models' checkpoints (`chainReadCheckpoint`): they
 * must be migrated (`migrateReadModels`) before it starts, as the server and the worker do.
 */
export class AuditChainWriter {
  private readonly leased: LeasedLoop;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly options: ChainWriterOptions = {},
  ) {
    const logger = options.logger ?? silentLogger;
    const retryMs = options.retryMs ?? 1000;
    this.leased = new LeasedLoop(db, [chainLeaseKey], {
      standbyRetryMs: retryMs,
      failureRetryMs: retryMs,
      whileHeld: (_lease, ending) => this.extendWhileLeased(ending),
      onActive: () => logger.info('audit chain writer active'),
      onFailure: (error) =>
        logger.error('audit chain writer failed; going on from the chain head', { error: error.message }),
    });
  }

  start(): void {
    this.leased.start();
  }

  /** The chain's lease: held now, and taken how many times. */
  get leaseStatus(): LeaseStatus {
    return this.leased.status;
  }

  async stop(): Promise<void> {
    await this.leased.stop();
  }

  /**
   * Reads the log on from the chain's last link, or from further on where it last saved that it
   * had read (the events in between link nothing): a start would otherwise read again every event
   * since the last moderation event, the likes, chats and sessions of however long. What it saves
   * it has read lies at or before the end of a batch whose links are appended.
   */
  private async extendWhileLeased(ending: Promise<void>): Promise<void> {
    let head = await readChainHead(this.store);
    const saved = (await readCheckpoints(this.db, [chainReadCheckpoint])).get(chainReadCheckpoint);
    const subscription = this.store.subscribeToAll({ after: laterOf(head.through, saved?.position) });
    void ending.then(() => subscription.close());
    let read: Checkpoint | null = null;
    let unsaved = 0;
    try {
      const batches = inBatches(
        subscription,
        this.options.batchSize ?? 500,
        this.options.gatherMs ?? gatherMsOn(this.db),
      );
      for await (const batch of batches) {
        const extension = extend(head, batch);
        if (extension) {
          const { nextExpectedRevision } = await this.store.appendToStream(streams.auditChain(), [extension.event], {
            expectedRevision: head.revision === -1 ? 'no_stream' : head.revision,
          });
          head = { ...extension.head, revision: nextExpectedRevision };
        }
        const last = batch.at(-1)!;
        read = { position: last.position, recordedAt: last.recordedAt };
        unsaved += batch.length;
        if (unsaved >= (this.options.saveReadEvery ?? 10_000)) {
          await saveCheckpoints(this.db, [chainReadCheckpoint], read);
          unsaved = 0;
        }
      }
    } finally {
      await subscription.close();
    }
    if (read && unsaved > 0) await saveCheckpoints(this.db, [chainReadCheckpoint], read);
  }
}

function laterOf(a: Position | null, b: Position | undefined): Position | null {
  return b && isAfter(b, a) ? b : a;
}

/** The extension that links a batch's moderation events after `head`, and the head after it; null when it has none. */
export function extend(
  head: ChainHead,
  batch: readonly RecordedEvent[],
): {
  event: { id: string; type: string; data: AuditChainExtended['data']; metadata: EventMetadata };
  head: ChainHead;
} | null {
  const links: AuditChainLink[] = [];
  let hash = head.hash;
  let last: RecordedEvent | null = null;
  for (const event of batch) {
    if (!isChained(event)) continue;
    hash = linkHash(hash, event);
    links.push({ eventId: event.id, hash });
    last = event;
  }
  if (!last) return null;
  const data = { firstLink: head.links + 1, links, through: formatPosition(last.position) };
  return {
    event: {
      id: randomUUID(),
      type: 'AuditChainExtended',
      data,
      metadata: { actor: { kind: 'system' }, occurredAt: new Date().toISOString() },
    },
    head: { links: head.links + links.length, hash, through: last.position, revision: head.revision },
  };
}
