import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import { decideDirectMessage } from './direct-message.decider.js';

const moderator = { role: 'normal', collegeCode: 'C001' } as const;
const decision = { messageId: 'm', status: 'approved', adminNote: 'fine' } as const;
const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 0;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
};

describe("moderating a direct message", () => {
  it("decides a pending message of the moderator's college once", () => {
    expect(decideDirectMessage(decision, { status: 'pending', collegeCode: 'C001' }, moderator)).toEqual([
      { type: 'DirectMessageModerated', data: decision },
    ]);
    expect(statusOf(() => decideDirectMessage(decision, { status: 'rejected', collegeCode: 'C001' }, moderator))).toBe(409);
  });

  it("refuses a message from another college's student, and an unknown one", () => {
    expect(statusOf(() => decideDirectMessage(decision, { status: 'pending', collegeCode: 'C002' }, moderator))).toBe(403);
    expect(statusOf(() => decideDirectMessage(decision, { status: null, collegeCode: null }, moderator))).toBe(404);
  });
});
