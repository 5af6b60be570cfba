import { describe, expect, it } from '@jest/globals';
import { socketEvents } from '@secretchatbox/contracts';
import { PresenceAnnouncer, presenceAnnounceIntervalMs } from './presence-announcer.js';
import { interServerEvents, type RealtimeServer } from './realtime-server.js';
import { InProcessRoomPresence } from './room-presence.js';

/**
 * An announcer over a server that writes down what it tells its own sockets and the other
 * instances, with sockets here in `roomsHere`, and a presence that counts its counts.
 */
function announcing(roomsHere: string[], peers = false) {
  const toldHere: [string, number][] = [];
  const toPeers: [string, number][] = [];
  const server = {
    sockets: { adapter: { rooms: new Map(roomsHere.map((room) => [room, new Set(['a-socket'])])) } },
    local: {
      to: (room: string) => ({
        emit: (event: string, online: number) => {
          expect(event).toBe(socketEvents.updateOnlineCount);
          toldHere.push([room, online]);
        },
      }),
    },
    serverSideEmit: (event: string, room: string, online: number) => {
      expect(event).toBe(interServerEvents.onlineCount);
      toPeers.push([room, online]);
    },
  } as unknown as RealtimeServer;
  const presence = new InProcessRoomPresence();
  let counts = 0;
  const count = presence.count.bind(presence);
  presence.count = (room) => ((counts += 1), count(room));
  const announcer = new PresenceAnnouncer(server, presence, peers);
  return { toldHere, toPeers, presence, counts: () => counts, announcer };
}

/** Lets every count asked for so far be told. */
const settled = async () => {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('PresenceAnnouncer', () => {
  it('tells a room its count once for all the changes of one turn', async () => {
    const { toldHere, toPeers, presence, counts, announcer } = announcing(['lobby', 'quiet']);
    for (let n = 0; n < 1000; n += 1) {
      await presence.enter('lobby', `visitor-${n % 400}`);
      announcer.changed('lobby');
    }
    await presence.enter('quiet', 'visitor-1');
    announcer.changed('quiet');
    await settled();
    expect(toldHere).toEqual([
      ['lobby', 400],
      ['quiet', 1],
    ]);
    expect(counts()).toBe(2);
    // In process, there is no other instance to tell.
    expect(toPeers).toEqual([]);
  });

  it('tells a room whose visitors keep changing at most once an interval, and the latest count last', async () => {
    const { toldHere, presence, announcer } = announcing(['lobby']);
    await presence.enter('lobby', 'listener');
    const hoppingFor = 3 * presenceAnnounceIntervalMs;
    const started = Date.now();
    let hops = 0;
    while (Date.now() - started < hoppingFor) {
      if (hops % 2 === 0) await presence.enter('lobby', 'hopper');
      else await presence.leave('lobby', 'hopper');
      announcer.changed('lobby');
      hops += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise((resolve) => setTimeout(resolve, presenceAnnounceIntervalMs + 50));
    await settled();
    expect(hops).toBeGreaterThan(50);
    // One at once, then one for each interval the hops went on.
    expect(toldHere.length).toBeLessThanOrEqual(hoppingFor / presenceAnnounceIntervalMs + 2);
    expect(toldHere.at(-1)).toEqual(['lobby', hops % 2 === 0 ? 1 : 2]);
  });

  it('hands its counts to the other instances, and tells its sockets theirs', async () => {
    const { toldHere, toPeers, presence, announcer } = announcing(['lobby'], true);
    await presence.enter('lobby', 'alice');
    announcer.changed('lobby');
    await settled();
    expect(toPeers).toEqual([['lobby', 1]]);
    announcer.counted('lobby', 2);
    // A room without sockets here has nobody to tell.
    announcer.counted('library', 5);
    expect(toldHere).toEqual([
      ['lobby', 1],
      ['lobby', 2],
    ]);
  });

  it('tells its sockets a recount only when the count moved from what they last heard', async () => {
    const { toldHere, toPeers, presence, announcer } = announcing(['lobby'], true);
    await presence.enter('lobby', 'alice');
    announcer.changed('lobby');
    await settled();
    announcer.recount('lobby');
    await settled();
    expect(toldHere).toEqual([['lobby', 1]]);

    // Another instance's visitor joined, and its instance died before this one recounted.
    announcer.counted('lobby', 2);
    announcer.recount('lobby');
    await settled();
    expect(toldHere).toEqual([
      ['lobby', 1],
      ['lobby', 2],
      ['lobby', 1],
    ]);
    // Every instance recounts for its own sockets: recounts are not handed on.
    expect(toPeers).toEqual([['lobby', 1]]);
  });

  it('tells nobody anything once stopped, not even what was waiting for its interval', async () => {
    const { toldHere, toPeers, presence, counts, announcer } = announcing(['lobby', 'quiet'], true);
    await presence.enter('lobby', 'alice');
    announcer.changed('lobby');
    await settled();
    // One waiting for the interval, one due at once, and one count already asked for.
    await presence.enter('lobby', 'bob');
    announcer.changed('lobby');
    announcer.changed('quiet');
    announcer.recount('lobby');
    announcer.stop();
    announcer.changed('lobby');
    announcer.recount('quiet');
    await new Promise((resolve) => setTimeout(resolve, presenceAnnounceIntervalMs + 50));
    await settled();
    expect(toldHere).toEqual([['lobby', 1]]);
    expect(toPeers).toEqual([['lobby', 1]]);
    expect(counts()).toBe(2);
  });
});

describe('InProcessRoomPresence', () => {
  it('counts distinct visitors per room, each until its last connection leaves', async () => {
    const presence = new InProcessRoomPresence();
    await presence.enter('lobby', 'alice');
    await presence.enter('lobby', 'alice');
    await presence.enter('lobby', 'bob');
    await presence.enter('library', 'alice');
    expect(await presence.count('lobby')).toBe(2);
    await presence.leave('lobby', 'alice');
    expect(await presence.count('lobby')).toBe(2);
    await presence.leave('lobby', 'alice');
    // A leave without its enter changes nothing.
    await presence.leave('lobby', 'alice');
    await presence.leave('lobby', 'carol');
    expect(await presence.count('lobby')).toBe(1);
    expect(await presence.count('library')).toBe(1);
  });
});
