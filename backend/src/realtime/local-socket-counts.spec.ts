import { describe, expect, it } from '@jest/globals';
import { localSocketCounts } from './local-socket-counts.js';

describe('localSocketCounts', () => {
  it("counts this instance's sockets, and the chat rooms (named by UUID) they are in", () => {
    const chatRoom = '0b6c6f0e-3c1e-4f43-9d4a-4f0c0e3b3a11';
    const otherChatRoom = '6f1e7a52-5b1c-4d6e-8a3f-2b9c1d0e4f55';
    const server = {
      sockets: {
        sockets: new Map([
          ['Xb1-socket-id-000001', {}],
          ['Xb1-socket-id-000002', {}],
          ['Xb1-socket-id-000003', {}],
        ]),
        adapter: {
          rooms: new Map<string, Set<string>>([
            // Each socket's own room, and a feed's: not chat rooms.
            ['Xb1-socket-id-000001', new Set(['Xb1-socket-id-000001'])],
            ['feed:C001', new Set(['Xb1-socket-id-000003'])],
            [chatRoom, new Set(['Xb1-socket-id-000001', 'Xb1-socket-id-000002'])],
            [otherChatRoom, new Set(['Xb1-socket-id-000003'])],
          ]),
        },
      },
    };
    expect(localSocketCounts(server)).toEqual({ connections: 3, chatRooms: 2 });
  });
});
