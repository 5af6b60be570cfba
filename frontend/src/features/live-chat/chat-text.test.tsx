import { describe, expect, it } from '@jest/globals';
import { chatTime, onlineLine, remainingLine, typingLine } from './chat-text';

describe('the Live Chat texts', () => {
  it('names up to two typists, then counts the others', () => {
    expect(typingLine([])).toBe('');
    expect(typingLine(['Owl'])).toBe('Owl is typing...');
    expect(typingLine(['Owl', 'Fox'])).toBe('Owl and Fox are typing...');
    expect(typingLine(['Owl', 'Fox', 'Elk'])).toBe('Owl, Fox and 1 other is typing...');
    expect(typingLine(['Owl', 'Fox', 'Elk', 'Yak', 'Emu'])).toBe('Owl, Fox and 3 others is typing...');
  });

  it('shows times as 24-hour hh:mm, and counts in the singular for one', () => {
    const afternoon = new Date(2026, 10, 25, 14, 5).toISOString();
    const morning = new Date(2026, 10, 25, 9, 7).toISOString();
    expect(chatTime(afternoon)).toBe('14:05');
    expect(chatTime(morning)).toBe('09:07');
    expect(onlineLine(1)).toBe('1 student online');
    expect(onlineLine(2)).toBe('2 students online');
    expect(remainingLine(1)).toBe('1 message left');
    expect(remainingLine(0)).toBe('0 messages left');
  });
});
