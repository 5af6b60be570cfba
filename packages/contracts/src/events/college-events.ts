import type { Event } from './event.js';

export type CollegeRegistered = Event<'CollegeRegistered', { collegeId: string; code: string; name: string }>;

export type ChatRoomOpened = Event<
  'ChatRoomOpened',
  { roomId: string; collegeCode: string; name: string; sortOrder: number }
>;
