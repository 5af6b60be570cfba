import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../common/errors.js';
import { assertInScope, collegeOfList } from './scope.js';

const normal = { role: 'normal', collegeCode: 'C001' } as const;
const chief = { role: 'chief', collegeCode: null } as const;
const auditor = { role: 'auditor', collegeCode: null } as const;

const statusOf = (act: () => unknown) => {
  try {
    act();
    return 'allowed';
  } catch (error) {
    return (error as DomainError).kind;
  }
};

describe('admin scope', () => {
  it('lets college-scoped admins act on their own college only', () => {
    expect(statusOf(() => assertInScope(normal, 'C001'))).toBe('allowed');
    expect(statusOf(() => assertInScope(normal, 'C002'))).toBe('forbidden');
    expect(statusOf(() => assertInScope({ role: 'college', collegeCode: 'C002' }, 'C001'))).toBe('forbidden');
  });

  it('lets chief and auditor reach every college', () => {
    expect(statusOf(() => assertInScope(chief, 'C004'))).toBe('allowed');
    expect(statusOf(() => assertInScope(auditor, 'C002'))).toBe('allowed');
  });

  it("lists a scoped admin's own college, and refuses another one asked for", () => {
    expect(collegeOfList(normal, undefined)).toBe('C001');
    expect(collegeOfList(normal, 'C001')).toBe('C001');
    expect(statusOf(() => collegeOfList(normal, 'C003'))).toBe('forbidden');
    expect(collegeOfList(chief, undefined)).toBeNull();
    expect(collegeOfList(auditor, 'C003')).toBe('C003');
  });
});
