import { describe, expect, it } from '@jest/globals';
import { csvField } from './audit-export-file.js';

describe('a CSV field of an export', () => {
  it('is quoted when it holds a comma, quote or line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('never starts with what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@here')).toBe("'@here");
  });
});
