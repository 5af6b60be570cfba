import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type DomainEventType, streams } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { pgliteTarget } from '@secretchatbox/database/testing';
import { type Position, PostgresEventStore } from '@secretchatbox/event-store';
import { allProjections, ProjectionProgress } from '@secretchatbox/projections';
import { DomainError } from '../src/common/errors.js';
import { CommandIds } from '../src/common/event-sourcing/command-ids.js';
import { CommandOrigin } from '../src/common/event-sourcing/command-origin.js';
import { appendsTo, type Decider } from '../src/common/event-sourcing/decider.js';
import { EventSourcedCommands } from '../src/common/event-sourcing/event-sourced-commands.js';
import { loadConfig } from '../src/config/app-config.js';
import { systemClock } from '../src/infrastructure/clock.js';
import type { SessionSecret } from '../src/infrastructure/session-secret.js';
import {
  assertShown,
  type ConfessionState,
  evolveConfession,
  noConfession,
} from '../src/common/domain/confession.state.js';
import { likeConfession } from '../src/features/confessions/like.decider.js';
import { moderateConfession } from '../src/features/confessions/moderate-confession.decider.js';

/** Read-your-writes is not what these tests are about: every write is taken as visible at once. */
class NoWait extends ProjectionProgress {
  override async waitFor(_position: Position, _types: readonly DomainEventType[]): Promise<void> {}
}

const confessionId = '5b1e7c2d-8f3a-4b6c-9d0e-1f2a3b4c5d6e';
const chief = { role: 'chief', collegeCode: null } as const;
const system = () => ({ context: { actor: { kind: 'system' as const } }, origin: CommandOrigin.fresh() });
const visitor = (sessionId: string) => ({
  context: { actor: { kind: 'visitor' as const, sessionId } },
  origin: CommandOrigin.fresh(),
});
const like = (sessionId: string) => ({ confessionId, sessionId });
const likeStream = (sessionId: string) => streams.like(confessionId, sessionId);

/** A decider that deletes an approved confession, and refuses (or does nothing, `quiet`) otherwise. */
const deleteIfShown = (quiet: boolean): Decider<{ confessionId: string }, ConfessionState> => ({
  streams: (command) => [appendsTo(streams.confession(command.confessionId))],
  initialState: () => noConfession,
  evolve: evolveConfession,
  decide(command, state) {
    if (quiet && state.status !== 'approved') return [];
    assertShown(state);
    return [{ type: 'ConfessionDeleted', data: { confessionId: command.confessionId, reasonCode: null, note: null } }];
  },
});

/**
 * Two processes on one database, each with its own store: what one holds of a stream goes out of
 * date when the other appends to it. Every decision made on held streams must end as if they had
 * been read afresh.
 */
describe('decisions on the streams a process holds', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let stores: PostgresEventStore[];
  let here: EventSourcedCommands;
  let elsewhere: EventSourcedCommands;
  let reads: number;
  let appends: number;

  const commandsOn = (store: PostgresEventStore) =>
    new EventSourcedCommands(
      store,
      systemClock,
      loadConfig({}),
      new NoWait(db, allProjections),
      new CommandIds({ derive: () => 'unused' } as unknown as SessionSecret),
    );
  const streamOf = async (streamId: string) => (await stores[0]!.readStream(streamId)).map((event) => event.type);

  beforeEach(async () => {
    ({ db, dispose } = await pgliteTarget.create());
    stores = [await PostgresEventStore.open(db), await PostgresEventStore.open(db)];
    [here, elsewhere] = stores.map(commandsOn) as [EventSourcedCommands, EventSourcedCommands];
    await stores[1]!.appendToStream(streams.confession(confessionId), [
      {
        type: 'ConfessionSubmitted',
        data: { confessionId, collegeCode: 'C001', category: 'funny', content: 'A confession of ten.', nickname: null },
      },
    ]);
    reads = 0;
    appends = 0;
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (sql.includes('event_store.read_streams_after')) reads += 1;
      if (sql.includes('event_store.append_group')) appends += 1;
      return query(sql, params);
    }) as typeof db.query;
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await dispose();
  });

  const approve = (commands: EventSourcedCommands) =>
    commands.run(moderateConfession, { type: 'Approve', confessionId, moderator: chief }, system());

  it('decides without reading the streams it appended to and read last', async () => {
    await approve(elsewhere);
    await here.run(likeConfession, like('ann'), visitor('ann'));
    reads = 0;
    const second = await here.run(likeConfession, like('ann'), visitor('ann'));
    expect(second.answer.liked).toBe(false);
    expect(reads).toBe(0);
    expect(await streamOf(likeStream('ann'))).toEqual(['ConfessionLiked', 'ConfessionUnliked']);
  });

  it('takes a stream it does not know as empty, and reads it when the append shows otherwise', async () => {
    await approve(elsewhere);
    await here.run(likeConfession, like('fay'), visitor('fay'));
    reads = 0;
    // A first like of another visitor: the confession is held, the like stream new.
    expect((await here.run(likeConfession, like('gus'), visitor('gus'))).answer.liked).toBe(true);
    expect(reads).toBe(0);
    // A visitor who liked through the other process: taken as new here, liked in the store.
    await elsewhere.run(likeConfession, like('hal'), visitor('hal'));
    expect((await here.run(likeConfession, like('hal'), visitor('hal'))).answer.liked).toBe(false);
    expect(await streamOf(likeStream('hal'))).toEqual(['ConfessionLiked', 'ConfessionUnliked']);
  });

  it('decides again on what another process appended since', async () => {
    await approve(elsewhere);
    await here.run(likeConfession, like('ben'), visitor('ben'));
    await elsewhere.run(likeConfession, like('ben'), visitor('ben'));
    // Held here: liked. Stored: liked, then unliked. The toggle must like again.
    const toggled = await here.run(likeConfession, like('ben'), visitor('ben'));
    expect(toggled.answer.liked).toBe(true);
    expect(await streamOf(likeStream('ben'))).toEqual(['ConfessionLiked', 'ConfessionUnliked', 'ConfessionLiked']);
  });

  it('refuses once a stream it only read has changed elsewhere', async () => {
    await approve(elsewhere);
    await here.run(likeConfession, like('cat'), visitor('cat'));
    await elsewhere.run(deleteIfShown(false), { confessionId }, system());
    // Held here: the confession approved. Stored: deleted, so the unlike must be refused.
    await expect(here.run(likeConfession, like('cat'), visitor('cat'))).rejects.toBeInstanceOf(DomainError);
    expect(await streamOf(likeStream('cat'))).toEqual(['ConfessionLiked']);
  });

  it.each([
    ['a refusal', false],
    ['a decision to do nothing', true],
  ])('takes %s on held streams as final only once they are read afresh', async (_, quiet) => {
    // Read here while pending: held as pending.
    await expect(here.run(likeConfession, like('dan'), visitor('dan'))).rejects.toBeInstanceOf(DomainError);
    await approve(elsewhere);
    await here.run(deleteIfShown(quiet), { confessionId }, system());
    expect((await streamOf(streams.confession(confessionId))).at(-1)).toBe('ConfessionDeleted');
  });

  it('answers a retry of a request it stored itself from all its streams, without trying to append', async () => {
    await approve(elsewhere);
    const retried = { ...visitor('ivy'), origin: CommandOrigin.ofIdempotentWrite('ivy:retry-key') };
    const first = await here.run(likeConfession, like('ivy'), retried);
    appends = 0;
    const retry = await here.run(likeConfession, like('ivy'), retried);
    expect(retry.position).toEqual(first.position);
    expect(retry.answer.liked).toBe(true);
    expect(appends).toBe(0);
    expect(await streamOf(likeStream('ivy'))).toEqual(['ConfessionLiked']);
  });

  it("decides a like on its stream's last event alone, however often it was toggled", async () => {
    await approve(elsewhere);
    const toggles = Array.from({ length: 150 }, (_, index) => ({
      type: index % 2 === 0 ? 'ConfessionLiked' : 'ConfessionUnliked',
      data: like('joy'),
    }));
    await stores[1]!.appendToStream(likeStream('joy'), toggles);
    const read: number[] = [];
    const readStream = stores[0]!.readStream.bind(stores[0]!);
    stores[0]!.readStream = async (streamId, options) => {
      const events = await readStream(streamId, options);
      if (streamId === likeStream('joy')) read.push(events.length);
      return events;
    };
    // The 150th toggle was an unlike: this one likes, and the next, decided on what it appended, unlikes.
    expect((await here.run(likeConfession, like('joy'), visitor('joy'))).answer.liked).toBe(true);
    expect((await here.run(likeConfession, like('joy'), visitor('joy'))).answer.liked).toBe(false);
    expect(read).toEqual([1]);
    expect((await streamOf(likeStream('joy'))).slice(-3)).toEqual([
      'ConfessionUnliked',
      'ConfessionLiked',
      'ConfessionUnliked',
    ]);
  });

  it("finds a retry's earlier event behind the stream's last one, and appends nothing", async () => {
    await approve(elsewhere);
    const retried = { ...visitor('kim'), origin: CommandOrigin.ofIdempotentWrite('kim:retry-key') };
    const first = await here.run(likeConfession, like('kim'), retried);
    await here.run(likeConfession, like('kim'), visitor('kim'));
    const retry = await here.run(likeConfession, like('kim'), retried);
    expect(retry.position).toEqual(first.position);
    expect(await streamOf(likeStream('kim'))).toEqual(['ConfessionLiked', 'ConfessionUnliked']);
  });

  it('answers a retry that another process stored with its answer, and appends nothing', async () => {
    await approve(elsewhere);
    await here.run(likeConfession, like('eve'), visitor('eve'));
    const retried = { ...visitor('eve'), origin: CommandOrigin.ofIdempotentWrite('eve:retry-key') };
    const first = await elsewhere.run(likeConfession, like('eve'), retried);
    expect(first.answer.liked).toBe(false);
    // Held here: liked, so a fresh decision on it would unlike; the retry must find the unlike.
    const retry = await here.run(likeConfession, like('eve'), retried);
    expect(retry.position).toEqual(first.position);
    expect(await streamOf(likeStream('eve'))).toEqual(['ConfessionLiked', 'ConfessionUnliked']);
  });
});
