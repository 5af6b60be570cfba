import type { Database } from '@secretchatbox/database';
import type { PreparedStreamAppend } from '../append-validation.js';
import type { Position } from '../event-store.js';
import { type EventRow, pageOf } from './event-rows.js';
import type { PageReader } from './polling-subscription.js';
import { translateError } from './translate-error.js';

export type AppendedStream = Readonly<{
  streamId: string;
  nextRevision: number;
  position: Position;
  /** Its events were all stored before, by an append with the same ids; this one stored none. */
  repeated: boolean;
}>;

type Pending = Readonly<{
  appends: readonly PreparedStreamAppend[];
  resolve(streams: AppendedStream[]): void;
  reject(error: unknown): void;
}>;

type GroupRow = {
  request: number;
  stream_id: string | null;
  next_revision: string | null;
  commit_position: string | null;
  prepare_position: string | null;
  error_code: string | null;
  error_detail: string | null;
  error_hint: string | null;
  repeated: boolean;
};

/** A row of `append_group_and_read`: the group's answer for one stream, or a reader's page (migration 11). */
type GroupOrPageRow = (GroupRow & { reader: null }) | { reader: number; page: EventRow[] };

type Options = Readonly<{
  maxInFlight: number;
  maxGroupSize: number;
  /** The subscriptions that a group may read the next page for (`PageReader`). */
  readers: () => Iterable<PageReader>;
  /** Called once a group has committed, with the readers it handed their page. */
  committed: (fed: ReadonlySet<PageReader>) => void;
}>;

/**
 * Group commit: appends that callers make while earlier ones are on their way wait, and go
 * together as one call of `event_store.append_group` (through `append_group_and_read`), one
 * transaction with one commit. An append with nothing ahead of it waits for the end of the
 * current turn of the event loop, so that the appends of requests that arrived together go
 * together: on PGlite, whose calls hold the event loop, nothing else could ever join a call on
 * its way. Each append is answered on its own, a refused one with its own error.
 *
 * The subscriptions waiting for news of an append get their next page in the same call, read in
 * the group's transaction after its append (migration 10 says when its events are safe to pass
 * there); the page arrives only once the commit has succeeded. Otherwise the projections fed by
 * those events would wait for a read of their own, a second round trip after the append's.
 */
export class AppendGroups {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private sendScheduled = false;

  constructor(
    private readonly db: Database,
    private readonly options: Options,
  ) {}

  append(appends: readonly PreparedStreamAppend[]): Promise<AppendedStream[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ appends, resolve, reject });
      if (this.sendScheduled) return;
      this.sendScheduled = true;
      setImmediate(() => {
        this.sendScheduled = false;
        this.send();
      });
    });
  }

  private send(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      // More than 64 subtransactions in one transaction would make every reader's snapshot overflow.
      const group = this.queue.splice(0, this.options.maxGroupSize);
      this.inFlight += 1;
      void this.commit(group).finally(() => {
        this.inFlight -= 1;
        this.send();
      });
    }
  }

  private async commit(group: readonly Pending[]): Promise<void> {
    const claims = [...this.options.readers()].flatMap((reader) => {
      const claim = reader.claimNextPage();
      return claim ? [{ reader, ...claim }] : [];
    });
    const reads = pageReads(claims);
    let rows: GroupOrPageRow[];
    try {
      ({ rows } = await this.db.query<GroupOrPageRow>(
        `SELECT * FROM event_store.append_group_and_read($1::integer[], $2::text[], $3::text[], $4::integer[],
           $5::uuid[], $6::text[], $7::jsonb, $8::jsonb, $9::text[]::xid8[], $10::bigint[], $11::integer[])`,
        [
          ...asArrays(group),
          reads.map(({ after }) => String(after?.commit ?? 0n)),
          reads.map(({ after }) => String(after?.prepare ?? 0n)),
          reads.map(({ maxCount }) => maxCount),
        ],
      ));
    } catch (error) {
      for (const { reader } of claims) reader.deliver(null);
      for (const pending of group) pending.reject(translateError(error));
      return;
    }
    // One pass sorts the rows: the group's (reader null) by request, the pages by read (1-based).
    const answers = group.map((): GroupRow[] => []);
    const pages = reads.map((): EventRow[] => []);
    for (const row of rows) {
      if (row.reader === null) answers[row.request]!.push(row);
      else pages[row.reader - 1] = row.page;
    }
    reads.forEach(({ readers }, index) => {
      for (const reader of readers) reader.deliver(pageOf(pages[index]!));
    });
    this.options.committed(new Set(claims.map(({ reader }) => reader)));
    group.forEach((pending, index) => {
      const answer = answers[index]!;
      const refused = answer.find((row) => row.error_code !== null);
      if (refused) {
        const failed = pending.appends.find((append) => append.streamId === refused.error_hint) ?? pending.appends[0];
        const error = { code: refused.error_code, detail: refused.error_detail, hint: refused.error_hint };
        pending.reject(translateError(error, failed?.streamId, failed?.expected));
        return;
      }
      // A stream given no events is only a check of its revision: its row, if any, says nothing.
      const given = new Set(pending.appends.filter(({ events }) => events.length > 0).map(({ streamId }) => streamId));
      pending.resolve(
        answer
          .filter((row) => given.has(row.stream_id!))
          .map((row) => ({
            streamId: row.stream_id!,
            nextRevision: Number(row.next_revision),
            position: { commit: BigInt(row.commit_position!), prepare: BigInt(row.prepare_position!) },
            repeated: row.repeated,
          })),
      );
    });
  }
}

type Claim = Readonly<{ reader: PageReader; after: Position | null; maxCount: number }>;

/**
 * The pages to read for the claims: one per place and length, each for every reader that claimed
 * it. The subscriptions of a process (the projections and the audit chain) mostly wait at the
 * same place, and turning a page into JSON cost more than finding it.
 */
function pageReads(claims: readonly Claim[]): (Claim & { readers: PageReader[] })[] {
  const reads = new Map<string, Claim & { readers: PageReader[] }>();
  for (const claim of claims) {
    const key = `${claim.after?.commit ?? ''}/${claim.after?.prepare ?? ''}/${claim.maxCount}`;
    const read = reads.get(key);
    if (read) read.readers.push(claim.reader);
    else reads.set(key, { ...claim, readers: [claim.reader] });
  }
  return [...reads.values()];
}

/**
 * A group as append_group takes it: one array element per append, and one per event; the events'
 * data and metadata as one JSON array each (migration 11).
 */
function asArrays(group: readonly Pending[]): unknown[] {
  const [requests, streams, expected, eventAppends, ids, types, data, metadata] = [[], [], [], [], [], [], [], []] as [
    number[],
    string[],
    string[],
    number[],
    string[],
    string[],
    unknown[],
    unknown[],
  ];
  group.forEach(({ appends }, request) => {
    for (const append of appends) {
      requests.push(request);
      streams.push(append.streamId);
      expected.push(String(append.expected));
      for (const event of append.events) {
        eventAppends.push(streams.length);
        ids.push(event.id);
        types.push(event.type);
        data.push(event.data);
        metadata.push(event.metadata);
      }
    }
  });
  return [requests, streams, expected, eventAppends, ids, types, JSON.stringify(data), JSON.stringify(metadata)];
}
