import { describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '@secretchatbox/contracts';
import { addMessage, addSending, dropMessage, type HistoryPage, markFailed } from './history-cache';

const message = (id: string, content: string, sessionId = 'someone'): ChatMessage => ({
  id,
  roomId: 'room-1',
  content,
  nickname: null,
  sessionId,
  createdAt: '2026-11-25T10:00:00.000Z',
  isAdmin: false,
});
const ids = (pages: HistoryPage[]) =>
  pages.map((page) => page.items.map((item) => `${item.id}:${item.status ?? 'sent'}`));

describe("a room's cached history", () => {
  it('appends a pushed message to the newest page once, whichever page holds it already', () => {
    const pages: HistoryPage[] = [
      { items: [message('m3', 'c')], nextCursor: 'x' },
      { items: [message('m1', 'a'), message('m2', 'b')], nextCursor: null },
    ];
    addMessage(pages, message('m4', 'd'));
    addMessage(pages, message('m4', 'd'));
    addMessage(pages, message('m1', 'a'));
    expect(ids(pages)).toEqual([
      ['m3:sent', 'm4:sent'],
      ['m1:sent', 'm2:sent'],
    ]);
  });

  it("puts the push of one's own message in the place of its sending entry, and leaves others' alone", () => {
    const pages: HistoryPage[] = [{ items: [message('m1', 'a')], nextCursor: null }];
    addSending(pages, message('temp-1', 'hello', 'me'));
    addSending(pages, message('temp-2', 'again', 'me'));
    addMessage(pages, message('m2', 'hello', 'someone'));
    addMessage(pages, message('m3', 'hello', 'me'));
    expect(ids(pages)).toEqual([['m1:sent', 'm3:sent', 'temp-2:sending', 'm2:sent']]);
  });

  it('marks a failed send, and sends it again from the end of the list', () => {
    const pages: HistoryPage[] = [{ items: [], nextCursor: null }];
    addSending(pages, message('temp-1', 'hello', 'me'));
    addMessage(pages, message('m1', 'meanwhile'));
    markFailed(pages, 'temp-1');
    expect(ids(pages)).toEqual([['temp-1:failed', 'm1:sent']]);
    addSending(pages, message('temp-1', 'hello', 'me'));
    expect(ids(pages)).toEqual([['m1:sent', 'temp-1:sending']]);
  });

  it('drops a removed message from whichever page holds it', () => {
    const pages: HistoryPage[] = [
      { items: [message('m3', 'c')], nextCursor: 'x' },
      { items: [message('m1', 'a'), message('m2', 'b')], nextCursor: null },
    ];
    dropMessage(pages, 'm1');
    expect(ids(pages)).toEqual([['m3:sent'], ['m2:sent']]);
  });
});
