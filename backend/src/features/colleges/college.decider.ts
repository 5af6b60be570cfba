import {
  type AuthUser,
  type ChatRoomArchived,
  type ChatRoomOpened,
  type ChatRoomRenamed,
  type CollegeRegistered,
  messages,
  streams,
} from '@secretchatbox/contracts';
import { conflict, notFound, validationFailed } from '../../common/errors.js';
import { appendsTo, type Decider, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';

export type RegisterCollege = Readonly<{
  type: 'RegisterCollege';
  collegeId: string;
  code: string;
  name: string;
  rooms: readonly { roomId: string; name: string }[];
}>;

type RoomManager = Pick<AuthUser, 'role' | 'collegeCode'>;

/** Room changes by a college admin of that college, or the chief (docs/product.md, Roles). */
export type ManageRoom = Readonly<
  | { type: 'OpenRoom'; collegeCode: string; roomId: string; name: string; manager: RoomManager }
  | { type: 'RenameRoom'; collegeCode: string; roomId: string; name: string; manager: RoomManager }
  | { type: 'ArchiveRoom'; collegeCode: string; roomId: string; manager: RoomManager }
>;

export type CollegeCommand = RegisterCollege | ManageRoom;
export type CollegeEvent = CollegeRegistered | ChatRoomOpened | ChatRoomRenamed | ChatRoomArchived;

type Room = Readonly<{ name: string; archived: boolean }>;
export type CollegeState = Readonly<{ code: string | null; rooms: Readonly<Record<string, Room>> }>;

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

function assertNameFree(state: CollegeState, name: string, exceptRoomId?: string) {
  const taken = Object.entries(state.rooms).some(
    ([roomId, room]) => roomId !== exceptRoomId && !room.archived && sameName(room.name, name),
  );
  if (taken) throw conflict(messages.roomNameTaken);
}

function openRoom(state: CollegeState, roomId: string): Room {
  const room = state.rooms[roomId];
  if (!room || room.archived) throw notFound(messages.roomNotFound);
  return room;
}

/** A college and its rooms, on the college's stream, which holds every room name. */
export const collegeDecider: Decider<CollegeCommand, CollegeState, CollegeEvent> = {
  streams: (command) => [
    appendsTo(streams.college(command.type === 'RegisterCollege' ? command.code : command.collegeCode)),
  ],
  initialState: () => ({ code: null, rooms: {} }),

  evolve: evolverOf(['college'], (state: CollegeState, event): CollegeState => {
    const { type } = event;
    switch (type) {
      case 'CollegeRegistered':
        return { ...state, code: event.data.code };
      case 'ChatRoomOpened':
        return { ...state, rooms: { ...state.rooms, [event.data.roomId]: { name: event.data.name, archived: false } } };
      case 'ChatRoomRenamed':
        return { ...state, rooms: { ...state.rooms, [event.data.roomId]: { name: event.data.name, archived: false } } };
      case 'ChatRoomArchived': {
        const room = state.rooms[event.data.roomId]!;
        return { ...state, rooms: { ...state.rooms, [event.data.roomId]: { ...room, archived: true } } };
      }
      default:
        return unhandled(type);
    }
  }),

  decide(command, state) {
    if (command.type === 'RegisterCollege') {
      // Registering an existing college changes nothing, so seeding can run on every start.
      if (state.code !== null) return [];
      const { collegeId, code, name, rooms } = command;
      return [
        { type: 'CollegeRegistered', data: { collegeId, code, name } },
        ...rooms.map((room, sortOrder) => ({
          type: 'ChatRoomOpened' as const,
          data: { roomId: room.roomId, collegeCode: code, name: room.name, sortOrder },
        })),
      ];
    }
    const collegeCode = state.code;
    if (collegeCode === null) throw validationFailed({ collegeCode: messages.unknownCollege });
    assertInScope(command.manager, collegeCode);
    const { roomId } = command;
    switch (command.type) {
      case 'OpenRoom': {
        assertNameFree(state, command.name);
        const sortOrder = Object.keys(state.rooms).length;
        return [{ type: 'ChatRoomOpened', data: { roomId, collegeCode, name: command.name, sortOrder } }];
      }
      case 'RenameRoom':
        if (openRoom(state, roomId).name === command.name) return [];
        assertNameFree(state, command.name, roomId);
        return [{ type: 'ChatRoomRenamed', data: { roomId, collegeCode, name: command.name } }];
      case 'ArchiveRoom':
        openRoom(state, roomId);
        return [{ type: 'ChatRoomArchived', data: { roomId, collegeCode } }];
    }
  },
};
