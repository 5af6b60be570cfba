import type { Event } from './event.js';

export type CollegeRegistered = Event<'CollegeRegistered', { collegeId: string; code: string; name: string }>;

export type ChatRoomOpened = Event<
  'ChatRoomOpened',
  { roomId: string; collegeCode: string; name: string; sortOrder: number }
>;

export type ChatRoomRenamed = Event<'ChatRoomRenamed', { roomId: string; collegeCode: string; name: string }>;
/** An archived room leaves the room list; its messages stay for auditors. */
export type ChatRoomArchived = Event<'ChatRoomArchived', { roomId: string; collegeCode: string }>;
