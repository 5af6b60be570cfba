import type { ChatRoomOpened, CollegeRegistered } from '@secretchatbox/contracts';
import type { Decider } from '../../common/event-sourcing/decider.js';

export type RegisterCollege = Readonly<{
  collegeId: string;
  code: string;
  name: string;
  rooms: readonly { roomId: string; name: string }[];
}>;

export type CollegeEvent = CollegeRegistered | ChatRoomOpened;
export type CollegeState = Readonly<{ registered: boolean; roomNames: readonly string[] }>;

export const collegeStream = (code: string) => `college-${code}`;

export const collegeDecider: Decider<RegisterCollege, CollegeEvent, CollegeState> = {
  initialState: () => ({ registered: false, roomNames: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'CollegeRegistered':
        return { ...state, registered: true };
      case 'ChatRoomOpened':
        return { ...state, roomNames: [...state.roomNames, event.data.name] };
    }
  },

  /** Registering an existing college changes nothing, so seeding can run on every start. */
  decide(command, state) {
    if (state.registered) return [];
    return [
      { type: 'CollegeRegistered', data: { collegeId: command.collegeId, code: command.code, name: command.name } },
      ...command.rooms.map((room, sortOrder) => ({
        type: 'ChatRoomOpened' as const,
        data: { roomId: room.roomId, collegeCode: command.code, name: room.name, sortOrder },
      })),
    ];
  },
};
