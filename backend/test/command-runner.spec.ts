import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DomainEventType } from '@secretchatbox/contracts';
import { pgliteTarget, until } from '@secretchatbox/database/testing';
import {
  comparePositions,
  type EventToAppend,
  formatPosition,
  type Position,
  PostgresEventStore,
  type RecallingEventStore,
  type StreamAppend,
  type UnchangedStream,
} from '@secretchatbox/event-store';
import { allProjections, ProjectionProgress, ProjectionTimeoutError } from '@secretchatbox/projections';
import { CommandIds } from '../src/common/event-sourcing/command-ids.js';
import { CommandOrigin } from '../src/common/event-sourcing/command-origin.js';
import { appendsTo, type Decider } from '../src/common/event-sourcing/decider.js';
import { EventSourcedCommands } from '../src/common/event-sourcing/event-sourced-commands.js';
import { loadConfig } from '../src/config/app-config.js';
import { systemClock } from '../src/infrastructure/clock.js';
import type { SessionSecret } from '../src/infrastructure/session-secret.js';
import { likeConfession } from '../src/features/confessions/like.decider.js';
import { moderateConfession } from '../src/features/confessions/moderate-confession.decider.js';

type Gate = { opened: Promise<void>; open(): void };
const gate = (): Gate => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/** The real store, where an append to a chosen stream waits at a gate first. */
function gatedStore(store: RecallingEventStore, gates: Map<string, Gate>): RecallingEventStore {
  return Object.assign(Object.create(store) as RecallingEventStore, {
    async appendToStream(streamId: string, events: readonly EventToAppend[], options?: object) {
      await gates.get(streamId)?.opened;
      return store.appendToStream(streamId, events, options);
    },
    async appendIfUnchanged(appends: readonly StreamAppend[], unchanged: readonly UnchangedStream[]) {
      await Promise.all(appends.map((append) => gates.get(append.streamId)?.opened));
      return store.appendIfUnchanged(appends, unchanged);
    },
  });
}

/** Read-your-writes that waits at a gate, or runs out, as the test says. */
class ControlledProgress extends ProjectionProgress {
  waiting: Gate | null = null;
  timeOut = false;
  override async waitFor(_position: Position, _types: readonly DomainEventType[]): Promise<void> {
    if (this.timeOut) throw new ProjectionTimeoutError(['confessions']);
    await this.waiting?.opened;
  }
}

const confessionId = '3f0d2a1b-4c5e-4f60-8a7b-9c0d1e2f3a4b';
const visitor = (sessionId: string) => ({
  context: { actor: { kind: 'visitor' as const, sessionId } },
  origin: CommandOrigin.fresh(),
});
const chief = { role: 'chief', collegeCode: null } as const;

/** A decision that changes nothing. */
const quietDecider: Decider<object, string> = {
  streams: () => [appendsTo('quiet-stream')],
  initialState: () => 'unchanged',
  evolve: (state) => state,
  decide: () => [],
};

describe('the command runner', () => {
  let store: PostgresEventStore;
  let dispose: () => Promise<void>;
  const gates = new Map<string, Gate>();
  let progress: ControlledProgress;
  let commands: EventSourcedCommands;

  beforeAll(async () => {
    const created = await pgliteTarget.create();
    dispose = created.dispose;
    store = await PostgresEventStore.open(created.db);
    progress = new ControlledProgress(created.db, allProjections);
    const ids = new CommandIds({ derive: () => 'unused' } as unknown as SessionSecret);
    const config = loadConfig({ READ_YOUR_WRITES_TIMEOUT_MS: '1000' });
    commands = new EventSourcedCommands(gatedStore(store, gates), systemClock, config, progress, ids);
    await store.appendToStream(`confession-${confessionId}`, [
      {
        type: 'ConfessionSubmitted',
        data: { confessionId, collegeCode: 'C001', category: 'funny', content: 'A confession of ten.', nickname: null },
        metadata: { actor: { kind: 'system' }, occurredAt: new Date().toISOString() },
      },
      // Written by a newer instance: this one must read past it.
      { type: 'ConfessionTranslated', data: { confessionId, language: 'fr' }, metadata: { actor: { kind: 'system' } } },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  it('decides on a stream that holds an event type it does not know', async () => {
    const { answer } = await commands.run(
      moderateConfession,
      { type: 'Approve', confessionId, moderator: chief },
      { context: { actor: { kind: 'system' } }, origin: CommandOrigin.fresh() },
    );
    expect((await store.readStream(`confession-${confessionId}`)).at(-1)).toMatchObject({
      type: 'ConfessionApproved',
      data: { confessionId },
    });
    expect(answer.status).toBe('approved');
  });

  it("queues likes of one confession only behind the same visitor's, not behind each other", async () => {
    const held = gate();
    gates.set(`confessionLike-${confessionId}-alice`, held);
    const alice = commands.run(likeConfession, { confessionId, sessionId: 'alice' }, visitor('alice'));
    // Bob's like reads the same confession stream, but appends to his own like stream.
    const bob = await commands.run(likeConfession, { confessionId, sessionId: 'bob' }, visitor('bob'));
    expect(bob.answer.liked).toBe(true);
    held.open();
    expect((await alice).answer.liked).toBe(true);
  });

  it('leaves the queue before waiting for the read models', async () => {
    progress.waiting = gate();
    const first = commands.run(likeConfession, { confessionId, sessionId: 'carol' }, visitor('carol'));
    // The same visitor's next toggle appends to the same stream while the first still waits.
    const second = commands.run(likeConfession, { confessionId, sessionId: 'carol' }, visitor('carol'));
    const appended = async () =>
      (await store.readStream(`confessionLike-${confessionId}-carol`).catch(() => [])).length;
    await until(async () => (await appended()) >= 2);
    expect(await appended()).toBe(2);
    progress.waiting.open();
    progress.waiting = null;
    expect([(await first).answer.liked, (await second).answer.liked]).toEqual([true, false]);
  });

  it('answers with what was written, visible once the read models show it', async () => {
    const written = await commands.run(
      likeConfession,
      { confessionId, sessionId: 'erin' },
      { ...visitor('erin'), answer: (after) => ({ id: confessionId, liked: after.liked }) },
    );
    expect(written).toEqual({ answer: { id: confessionId, liked: true }, visible: true, position: expect.anything() });
    expect(formatPosition(written.position!)).toMatch(/^\d+\/\d+$/);
  });

  it("gives the request's origin the latest position its commands wrote at, and stores no schema version 1", async () => {
    const origin = CommandOrigin.fresh();
    const like = () =>
      commands.run(likeConfession, { confessionId, sessionId: 'gina' }, { ...visitor('gina'), origin });
    const [first, second] = [await like(), await like()];
    expect(origin.writePosition).toEqual(second.position);
    expect(comparePositions(second.position!, first.position!)).toBe(1);
    const quiet = CommandOrigin.fresh();
    await commands.run(quietDecider, {}, { ...visitor('gina'), origin: quiet });
    expect(quiet.writePosition).toBeNull();
    // Version 1 is what an absent version means.
    const [stored] = await store.readStream(`confessionLike-${confessionId}-gina`);
    expect(stored!.metadata).toMatchObject({ actor: { kind: 'visitor', sessionId: 'gina' } });
    expect(stored!.metadata).not.toHaveProperty('schemaVersion');
  });

  it('tells a saved write that ran out of waiting apart from a failure: not visible, with its position', async () => {
    progress.timeOut = true;
    try {
      const written = await commands.run(
        likeConfession,
        { confessionId, sessionId: 'dave' },
        { ...visitor('dave'), answer: (after) => ({ id: confessionId, liked: after.liked }) },
      );
      expect(written).toEqual({
        answer: { id: confessionId, liked: true },
        visible: false,
        position: expect.anything(),
      });
      const stored = await store.readStream(`confessionLike-${confessionId}-dave`);
      expect(stored).toHaveLength(1);
      expect(written.position).toEqual(stored[0]!.position);
    } finally {
      progress.timeOut = false;
    }
  });

  it('has nothing to wait for when the decision changed nothing', async () => {
    progress.timeOut = true;
    try {
      const written = await commands.run(quietDecider, {}, visitor('fred'));
      expect(written).toEqual({ answer: 'unchanged', visible: true, position: null });
    } finally {
      progress.timeOut = false;
    }
  });
});
