import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { collegeDecider } from './college.decider.js';

const spec = givenEvents(collegeDecider);
const registered = { type: 'CollegeRegistered', data: { collegeId: 'id', code: 'C001', name: 'Northfield' } } as const;
const general = {
  type: 'ChatRoomOpened',
  data: { roomId: 'r1', collegeCode: 'C001', name: 'General Chat', sortOrder: 0 },
} as const;
const own = { role: 'college', collegeCode: 'C001' } as const;

describe('chat rooms of a college', () => {
  it('opens a room with a free name, after the others', () => {
    spec([registered, general])
      .when({ type: 'OpenRoom', collegeCode: 'C001', roomId: 'r2', name: 'Night Owls', manager: own })
      .then([
        { type: 'ChatRoomOpened', data: { roomId: 'r2', collegeCode: 'C001', name: 'Night Owls', sortOrder: 1 } },
      ]);
    spec([registered, general])
      .when({ type: 'OpenRoom', collegeCode: 'C001', roomId: 'r2', name: 'general chat', manager: own })
      .thenRefuses('conflict');
  });

  it('renames and archives a room; an archived room is gone and its name free again', () => {
    spec([registered, general])
      .when({ type: 'RenameRoom', collegeCode: 'C001', roomId: 'r1', name: 'Lobby', manager: own })
      .then([{ type: 'ChatRoomRenamed', data: { roomId: 'r1', collegeCode: 'C001', name: 'Lobby' } }]);
    const archived = { type: 'ChatRoomArchived', data: { roomId: 'r1', collegeCode: 'C001' } } as const;
    spec([registered, general])
      .when({ type: 'ArchiveRoom', collegeCode: 'C001', roomId: 'r1', manager: own })
      .then([archived]);
    spec([registered, general, archived])
      .when({ type: 'ArchiveRoom', collegeCode: 'C001', roomId: 'r1', manager: own })
      .thenRefuses('not_found');
    spec([registered, general, archived])
      .when({ type: 'OpenRoom', collegeCode: 'C001', roomId: 'r3', name: 'General Chat', manager: own })
      .then([
        { type: 'ChatRoomOpened', data: { roomId: 'r3', collegeCode: 'C001', name: 'General Chat', sortOrder: 1 } },
      ]);
  });

  it("refuses another college's admin, and an unknown college", () => {
    const other = { role: 'college', collegeCode: 'C002' } as const;
    spec([registered, general])
      .when({ type: 'ArchiveRoom', collegeCode: 'C001', roomId: 'r1', manager: other })
      .thenRefuses('forbidden');
    spec([])
      .when({ type: 'OpenRoom', collegeCode: 'C001', roomId: 'r2', name: 'Lobby', manager: own })
      .thenRefuses('validation_failed');
  });
});
