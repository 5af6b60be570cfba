import { describe, expect, it } from '@jest/globals';
import { socketEvents } from '@secretchatbox/contracts';
import { PresenceAnnouncer } from './presence-announcer.js';
import type { RealtimeServer } from './room-broadcasts.js';
import { InProcessRoomPresence } from './room-presence.js';

/** A server that writes down what it tells each room, and a presence that counts its counts. */
function announcing() {
  const told: [string, string, number][] = [];
  const server = {
    to: (room: string) => ({ emit: (event: string, online: number) => told.push([room, event, online]) }),
  } as unknown as RealtimeServer;
  const presence = new InProcessRoomPresence();
  let counts = 0;
  const count = presence.count.bind(presence);
  presence.count = (room) => ((counts += 1), count(room));
  return { told, presence, counts: () => counts, announcer: new PresenceAnnouncer(server, presence) };
}

const aTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('PresenceAnnouncer', () => {
  it('tells a room its count once for all the changes of one turn', async () => {
    const { told, presence, counts, announcer } = announcing();
    for (let n = 0; n < 1000; n += 1) {
      await presence.enter('lobby', `visitor-${n % 400}`);
      announcer.changed('lobby');
    }
    await presence.enter('quiet', 'visitor-1');
    announcer.changed('quiet');
    await aTurn();
    await aTurn();
    expect(told).toEqual([
      ['lobby', socketEvents.updateOnlineCount, 400],
      ['quiet', socketEvents.updateOnlineCount, 1],
    ]);
    expect(counts()).toBe(2);

    await presence.leave('quiet', 'visitor-1');
    announcer.changed('quiet');
    await aTurn();
    await aTurn();
    expect(told.at(-1)).toEqual(['quiet', socketEvents.updateOnlineCount, 0]);
  });

  it('tells a recounted room only when its count moved without a change here', async () => {
    const { told, presence, announcer } = announcing();
    await presence.enter('lobby', 'alice');
    announcer.changed('lobby');
    await aTurn();
    await aTurn();
    announcer.recount('lobby');
    await aTurn();
    expect(told).toHaveLength(1);

    // As if another instance's visitor had stopped counting.
    await presence.enter('lobby', 'bob');
    announcer.recount('lobby');
    await aTurn();
    expect(told).toEqual([
      ['lobby', socketEvents.updateOnlineCount, 1],
      ['lobby', socketEvents.updateOnlineCount, 2],
    ]);
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
