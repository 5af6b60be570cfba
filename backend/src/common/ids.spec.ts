import { describe, expect, it } from '@jest/globals';
import { uuidFromName } from './ids.js';

describe('uuidFromName', () => {
  it('gives the ids it always gave: stored streams and accounts are named by them', () => {
    expect(uuidFromName('college:C001')).toBe('3e0ecd42-13b2-5b46-a354-9b23a2a1642f');
    expect(uuidFromName('request:émoji ✓')).toBe('34d28992-7d21-5341-994c-5c27dfbb4d35');
  });
});
