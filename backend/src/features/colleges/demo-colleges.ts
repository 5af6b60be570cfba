import { defaultRoomName } from '@secretchatbox/contracts';
import { uuidFromName } from '../../common/ids.js';
import type { RegisterCollege } from './college.decider.js';

const demo = [
  { code: 'C001', name: 'Northfield University' },
  { code: 'C002', name: 'Riverside College' },
  { code: 'C003', name: 'Lakeshore Institute of Technology' },
  { code: 'C004', name: 'Hillcrest State University' },
];
const roomNames = [defaultRoomName, 'Study Hall', 'Campus Events'];

/** The colleges and rooms an empty installation starts with. */
export const demoColleges: readonly RegisterCollege[] = demo.map(({ code, name }) => ({
  type: 'RegisterCollege',
  collegeId: uuidFromName(`college:${code}`),
  code,
  name,
  rooms: roomNames.map((room) => ({ roomId: uuidFromName(`room:${code}:${room}`), name: room })),
}));
