import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { collegesProjection, findChatRoom, findCollegeByCode, listChatRooms, listColleges } from './colleges.js';

const northfield = '2c000000-0000-4000-8000-000000000001';
const southbank = '2c000000-0000-4000-8000-000000000002';
const general = '3c000000-0000-4000-8000-000000000001';
const study = '3c000000-0000-4000-8000-000000000002';
const elsewhere = '3c000000-0000-4000-8000-000000000003';

const registered = event(
  'CollegeRegistered',
  { collegeId: northfield, code: 'C001', name: 'Northfield' },
  { at: '2026-11-23T08:00:00.000Z' },
);
const opened = (roomId: string, collegeCode: string, name: string, sortOrder: number) =>
  event('ChatRoomOpened', { roomId, collegeCode, name, sortOrder });
const generalOpened = opened(general, 'C001', 'General Chat', 0);
const rooms = [generalOpened, opened(study, 'C001', 'Study', 1), opened(elsewhere, 'C002', 'Lobby', 0)];

describeProjection('colleges', collegesProjection, (spec) => {
  it('lists a registered college once however often it comes, by code', () =>
    spec
      .given([registered])
      .when([registered, event('CollegeRegistered', { collegeId: southbank, code: 'C002', name: 'Southbank' })])
      .then(
        rows('colleges', [
          { id: northfield, code: 'C001', name: 'Northfield', registered_at: new Date('2026-11-23T08:00:00.000Z') },
          { id: southbank, code: 'C002', name: 'Southbank', registered_at: new Date('2026-11-23T08:00:01.000Z') },
        ]),
        answer(listColleges, [
          { id: northfield, code: 'C001', name: 'Northfield' },
          { id: southbank, code: 'C002', name: 'Southbank' },
        ]),
        answer((db) => findCollegeByCode(db, 'C003'), null),
      ));

  it("lists a college's open rooms in their order, and every college's by college", () =>
    spec
      .given([])
      .when([...rooms, generalOpened])
      .then(
        answer(
          (db) => listChatRooms(db, 'C001'),
          [
            { id: general, name: 'General Chat', collegeCode: 'C001' },
            { id: study, name: 'Study', collegeCode: 'C001' },
          ],
        ),
        answer(
          (db) => listChatRooms(db).then((listed) => listed.map((room) => room.name)),
          ['General Chat', 'Study', 'Lobby'],
        ),
      ));

  it('renames a room', () =>
    spec
      .given(rooms)
      .when([event('ChatRoomRenamed', { roomId: general, collegeCode: 'C001', name: 'Lounge' })])
      .then(rows('chat_rooms', [{ name: 'Lounge' }, { name: 'Study' }, { name: 'Lobby' }])));

  it('takes an archived room out of the list, keeping its row', () =>
    spec
      .given(rooms)
      .when([event('ChatRoomArchived', { roomId: study, collegeCode: 'C001' }, { at: '2026-11-23T12:00:00.000Z' })])
      .then(
        rows('chat_rooms', [
          { id: general, archived_at: null },
          { id: study, archived_at: new Date('2026-11-23T12:00:00.000Z') },
          { id: elsewhere, archived_at: null },
        ]),
        answer((db) => listChatRooms(db, 'C001').then((listed) => listed.map((room) => room.name)), ['General Chat']),
        answer((db) => findChatRoom(db, study), null),
      ));
});
