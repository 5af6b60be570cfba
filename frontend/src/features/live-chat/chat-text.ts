import { countOf } from '../../lib/plural';

/** Chat times show as 24-hour hh:mm, in the reader's time zone (docs/product.md, Screens). */
export function chatTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** Up to two names, then "and N others is typing..." (docs/product.md, Screens). */
export function typingLine(typists: readonly string[]): string {
  const [first, second] = typists;
  if (!first) return '';
  if (!second) return `${first} is typing...`;
  if (typists.length === 2) return `${first} and ${second} are typing...`;
  const others = typists.length - 2;
  return `${first}, ${second} and ${others} ${others === 1 ? 'other' : 'others'} is typing...`;
}

/** "1 student online", "3 students online". */
export const onlineLine = (online: number) => `${countOf(online, 'student')} online`;

/** "1 message left", "199 messages left". */
export const remainingLine = (remaining: number) => `${remaining} ${remaining === 1 ? 'message' : 'messages'} left`;
