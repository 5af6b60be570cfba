import { describe, expect, it } from '@jest/globals';
import { streamKindOf, streamOf, streams } from './streams.js';

describe('the streams events live in', () => {
  it('gives every kind of stream some event type', () => {
    expect(new Set(Object.values(streamKindOf))).toEqual(new Set(Object.keys(streams)));
  });

  it("names an event's stream from its own data", () => {
    expect(streamOf({ type: 'CollegeRegistered', data: { collegeId: 'c', code: 'C001', name: 'North' } })).toBe(
      streams.college('C001'),
    );
    expect(
      streamOf({ type: 'ChatRoomOpened', data: { roomId: 'r1', collegeCode: 'C001', name: 'Main', sortOrder: 0 } }),
    ).toBe(streams.college('C001'));
    expect(streamOf({ type: 'ConfessionLiked', data: { confessionId: 'c1', sessionId: 's1' } })).toBe(
      streams.like('c1', 's1'),
    );
  });
});
