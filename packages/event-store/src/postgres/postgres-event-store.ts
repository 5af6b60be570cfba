import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoalescedNotifier, type Database, migrate, TurnBatch } from '@secretchatbox/database';
import { type PreparedStreamAppend, prepareAppend, prepareAppends } from '../append-validation.js';
import { InvalidAppendError, StreamNotFoundError } from '../errors.js';
import type {
  AppendResult,
  ConditionalAppendResult,
  EventToAppend,
  ExpectedRevision,
  Position,
  ReadAllOptions,
  MultiStreamAppendResult,
  ReadStreamOptions,
  RecalledEvent,
  RecallingEventStore,
  RecordedEvent,
  StreamAppend,
  StreamToRecall,
  Subscription,
  UnchangedStream,
} from '../event-store.js';
import { type AppendedStream, AppendGroups } from './append-groups.js';
import { type EventRow, pageOf, toRecordedEvent } from './event-rows.js';
import { type PageReader, PollingSubscription, type ReadPage } from './polling-subscription.js';
import { RecentStreams } from './recent-streams.js';
import { translateError } from './translate-error.js';
import { eventStoreComponent, eventStoreMigrations } from './schema.js';

export const appendedChannel = 'event_store_appended';

/** The longest pause of a read of all that waits for an append under way, between two tries. */
const maxHorizonWaitMs = 100;

export type PostgresEventStoreOptions = Readonly<{
  /** How often a subscription looks for new events when no notification woke it. */
  pollIntervalMs?: number;
  /** How soon it looks again when committed events wait behind a transaction still open. */
  horizonRetryMs?: number;
  /** The shortest time between two NOTIFYs that wake other processes' subscriptions. */
  notifyIntervalMs?: number;
  /** How many group commits may be on their way at once; appends made meanwhile wait for the next. */
  appendCallsInFlight?: number;
}>;

/**
 * The event store on PostgreSQL (a server, or PGlite in-process). Appends run as one call of a
 * PL/pgSQL function; readers are woken in-process at once and across processes by NOTIFY, with
 * polling as the fallback.
 */
export class PostgresEventStore implements RecallingEventStore {
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private readonly otherProcesses: CoalescedNotifier;
  /** Sent with this store's NOTIFYs: PGlite hands them back to this process, whose readers have heard already. */
  private readonly id = randomUUID();
  private readonly groups: AppendGroups;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly nextTurnReads = new Map<string, Promise<ReadPage>>();
  private readonly recentStreams = new RecentStreams({ maxEvents: 10_000, maxStreamEvents: 100 });
  /**
   * Whole streams asked for in the same turn of the event loop (a command loads all of its
   * streams at once, and concurrent commands often share a turn) are read by one query.
   */
  private readonly wholeStreams = new TurnBatch<string, RecordedEvent[] | null>((streamIds) =>
    this.readWholeStreams(streamIds),
  );

  private constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.otherProcesses = new CoalescedNotifier(db, appendedChannel, this.id, options.notifyIntervalMs ?? 5);
    this.groups = new AppendGroups(db, {
      maxInFlight: options.appendCallsInFlight ?? 1,
      maxGroupSize: 32,
      readers: () => this.subscriptions,
      committed: (fed) => this.announceAppend(fed),
    });
  }

  /**
   * As `open`, for a reader that must create nothing: null when the database holds no event
   * store. One it holds is brought up to date as `open` does.
   */
  static async openExisting(db: Database, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore | null> {
    const { rows } = await db.query<{ present: boolean }>(
      "SELECT to_regclass('event_store.events') IS NOT NULL AS present",
    );
    return rows[0]!.present ? PostgresEventStore.open(db, options) : null;
  }

  /** Migrates the schema and starts listening for appends from other processes. */
  static async open(db: Database, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await migrate(db, eventStoreComponent, eventStoreMigrations);
    const store = new PostgresEventStore(db, options);
    store.stopListening = await db.listen(appendedChannel, (sender) => {
      if (sender !== store.id) store.appended.emit('appended');
    });
    return store;
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: Readonly<{ expectedRevision?: ExpectedRevision }> = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    const [appended] = await this.append([{ streamId, expected, events: prepareAppend(streamId, events, expected) }]);
    return { nextExpectedRevision: appended!.nextRevision, position: appended!.position };
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    return multiStreamResult(await this.append(prepareAppends(appends)));
  }

  recall(streams: readonly StreamToRecall[]): (RecalledEvent[] | null)[] {
    return streams.map(({ streamId, lastEventOnly }) => this.recentStreams.recall(streamId, lastEventOnly));
  }

  async appendIfUnchanged(
    appends: readonly StreamAppend[],
    unchanged: readonly UnchangedStream[],
  ): Promise<ConditionalAppendResult> {
    const prepared = prepareAppends(appends);
    const appended = new Set(prepared.map((append) => append.streamId));
    // An append of no events is only a check of the stream's revision.
    const checks = unchanged.map(({ streamId, revision }): PreparedStreamAppend => {
      if (appended.has(streamId) || !Number.isSafeInteger(revision) || revision < -1) {
        throw new InvalidAppendError(`Invalid unchanged stream: ${streamId} at ${revision}`);
      }
      return { streamId, expected: revision < 0 ? 'no_stream' : revision, events: [] };
    });
    const streams = await this.append([...prepared, ...checks]);
    return { ...multiStreamResult(streams), repeated: streams.some((stream) => stream.repeated) };
  }

  /**
   * One atomic append through the group commit, answered for the streams given events. Those
   * events are held for `recall`, one per stream at most: a stream given several is let go,
   * since only its last event's position comes back.
   */
  private async append(appends: readonly PreparedStreamAppend[]): Promise<AppendedStream[]> {
    const streams = await this.groups.append(appends);
    const given = new Map(appends.map((append) => [append.streamId, append.events]));
    for (const stream of streams) {
      const events = given.get(stream.streamId)!;
      const event = events.length === 1 && !stream.repeated ? events[0]! : null;
      const { streamId, nextRevision: revision, position } = stream;
      // A literal, not a spread of the event, which cost more than the rest of this method.
      this.recentStreams.appended(
        streamId,
        event && {
          id: event.id,
          streamId,
          revision,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          position,
        },
      );
    }
    return streams;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const whole =
      options.direction !== 'backwards' && (options.fromRevision ?? 0) <= 0 && options.maxCount === undefined;
    if (whole) {
      const events = await this.wholeStreams.ask(streamId);
      if (!events) throw new StreamNotFoundError(streamId);
      return events;
    }
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const { rows } = await this.guard(() =>
      this.db.query<EventRow>(
        `SELECT * FROM event_store.read_stream_${backwards ? 'backwards' : 'forwards'}($1::text, $2::bigint, $3::integer)`,
        [streamId, from, options.maxCount ?? 2 ** 31 - 1],
      ),
    );
    // From either end of the stream (and asking for some events), nothing read means nothing
    // there: only a read from the middle has to ask whether the stream exists at all.
    const fromAnEnd = backwards ? from >= Number.MAX_SAFE_INTEGER : from <= 0;
    if (rows.length === 0 && fromAnEnd && options.maxCount !== 0) throw new StreamNotFoundError(streamId);
    const events = rows.map(toRecordedEvent);
    // The last event, as a decision on it alone reads it: held for the next one (recall).
    if (backwards && fromAnEnd && events[0]) this.recentStreams.rememberLast(streamId, events[0]);
    if (rows.length === 0) {
      // Its first event, through the same lookup in the index's order (event-store migration 15).
      const { rows: first } = await this.guard(() =>
        this.db.query('SELECT revision FROM event_store.read_stream_forwards($1::text, 0, 1)', [streamId]),
      );
      if (first.length === 0) throw new StreamNotFoundError(streamId);
    }
    return events;
  }

  /**
   * Each of `streamIds` whole, or null for a stream with no event: from the database, the events
   * after those held of it (RecentStreams), and from memory, those held.
   */
  private async readWholeStreams(streamIds: readonly string[]): Promise<(RecordedEvent[] | null)[]> {
    const distinct = [...new Set(streamIds)];
    const { rows } = await this.guard(() =>
      this.db.query<EventRow>('SELECT * FROM event_store.read_streams_after($1::text[], $2::bigint[])', [
        distinct,
        distinct.map((streamId) => this.recentStreams.readAfter(streamId)),
      ]),
    );
    const read = new Map<string, RecordedEvent[]>();
    for (const row of rows) {
      const events = read.get(row.stream_id) ?? [];
      events.push(toRecordedEvent(row));
      read.set(row.stream_id, events);
    }
    const whole = new Map<string, RecordedEvent[]>();
    for (const streamId of distinct) {
      const events = [...this.recentStreams.held(streamId), ...(read.get(streamId) ?? [])];
      this.recentStreams.remember(streamId, events);
      whole.set(streamId, events);
    }
    return streamIds.map((streamId) => {
      const events = whole.get(streamId)!;
      return events.length === 0 ? null : [...events];
    });
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? null;
    const maxCount = options.maxCount ?? 1000;
    for (let waitMs = this.options.horizonRetryMs ?? 2; ; waitMs = Math.min(2 * waitMs, maxHorizonWaitMs)) {
      const page = await this.readAllBatch(after, maxCount);
      // A transaction that ended while the horizon was computed holds it back too (schema.ts,
      // migration 3, says why): then the reader waits though no append is under way, only briefly.
      if (!options.waitForOpenAppends || !page.blocked || page.events.length === maxCount) return page.events;
      await sleep(waitMs);
    }
  }

  /**
   * One page of "all" after `after`. `blocked` says that committed events exist beyond the
   * page but wait behind an older appending transaction that is still open.
   */
  async readAllBatch(after: Position | null, maxCount: number): Promise<ReadPage> {
    const { rows } = await this.guard(() =>
      this.db.query<EventRow>('SELECT * FROM event_store.read_all_after($1::text::xid8, $2::bigint, $3::integer)', [
        String(after?.commit ?? 0n),
        String(after?.prepare ?? 0n),
        maxCount,
      ]),
    );
    return pageOf(rows);
  }

  subscribeToAll(options: Readonly<{ after?: Position | null }> = {}): Subscription {
    const subscription = new PollingSubscription({
      after: options.after ?? null,
      pageSize: 500,
      readBatch: (after, maxCount) => this.readAllBatchTogether(after, maxCount),
      appended: this.appended,
      pollIntervalMs: this.options.pollIntervalMs ?? 250,
      horizonRetryMs: this.options.horizonRetryMs ?? 2,
      onClose: (closed) => this.subscriptions.delete(closed),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * One query for the subscriptions that ask for the same page in the same turn of the event loop,
   * as every caught-up subscription does when an append wakes them. The query goes out after the
   * turn, so it sees at least what each of them was woken for.
   */
  private readAllBatchTogether(after: Position | null, maxCount: number): Promise<ReadPage> {
    const key = `${after?.commit ?? ''}/${after?.prepare ?? ''}/${maxCount}`;
    let read = this.nextTurnReads.get(key);
    if (!read) {
      read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.nextTurnReads.delete(key);
        return this.readAllBatch(after, maxCount);
      });
      this.nextTurnReads.set(key, read);
    }
    return read;
  }

  async headPosition(): Promise<Position | null> {
    const { rows } = await this.guard(() =>
      this.db.query<{ commit_position: string; prepare_position: string }>(
        `SELECT transaction_id::text AS commit_position, seq::text AS prepare_position
           FROM event_store.events e
          WHERE ${beforeHorizon}
          ORDER BY transaction_id DESC, seq DESC LIMIT 1`,
      ),
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : null;
  }

  async countEvents(): Promise<number | null> {
    const { rows } = await this.guard(() =>
      this.db.query<{ count: string }>('SELECT count(*)::text AS count FROM event_store.events'),
    );
    return Number(rows[0]!.count);
  }

  async ping(): Promise<void> {
    await this.guard(() => this.db.query('SELECT 1'));
  }

  async close(): Promise<void> {
    this.otherProcesses.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.stopListening?.();
  }

  /** Wakes this process's subscribers at once (but those `fed` their page already), and other processes' by NOTIFY. */
  private announceAppend(fed: ReadonlySet<PageReader>): void {
    this.appended.emit('appended', fed);
    this.otherProcesses.signal();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translateError(error);
    }
  }
}

/**
 * Whether event `e` is older than every appending transaction still open. Events older than
 * every open transaction of any kind (the snapshot's xmin) are, and deciding that is cheap; the
 * appenders' horizon is read from the lock table only when that is not enough, once per statement.
 */
const beforeHorizon = `(e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  OR e.transaction_id < (SELECT event_store.read_horizon()))`;

function multiStreamResult(streams: readonly AppendedStream[]): MultiStreamAppendResult {
  return {
    position: streams.at(-1)!.position,
    nextExpectedRevisions: new Map(streams.map((stream) => [stream.streamId, stream.nextRevision])),
  };
}
