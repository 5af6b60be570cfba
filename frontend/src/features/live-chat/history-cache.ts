import type { ChatMessage } from '@secretchatbox/contracts';

/** A message in the list: as the server has it, or one of this visitor's on its way (`temp-` id). */
export type ChatEntry = ChatMessage & { status?: 'sending' | 'failed' };
/** A page of a room's cached history; the newest page comes first, its items oldest first. */
export type HistoryPage = { items: ChatEntry[]; nextCursor: string | null };

const holds = (pages: HistoryPage[], id: string) => pages.some((page) => page.items.some((item) => item.id === id));

/**
 * Adds a stored message to the newest page unless some page has it already. A message of this
 * visitor's that is still showing as sending under a `temp-` id takes that entry's place: the
 * push can arrive before the answer to the post, and the message must not show twice meanwhile.
 */
export function addMessage(pages: HistoryPage[], message: ChatMessage): void {
  if (holds(pages, message.id)) return;
  for (const page of pages) {
    const at = page.items.findIndex(
      (item) => item.status === 'sending' && item.sessionId === message.sessionId && item.content === message.content,
    );
    if (at >= 0) return void (page.items[at] = message);
  }
  pages[0]?.items.push(message);
}

/** Takes a message out of every page (a removal, or a `temp-` entry giving way). */
export function dropMessage(pages: HistoryPage[], id: string): void {
  for (const page of pages) page.items = page.items.filter((item) => item.id !== id);
}

/** Shows one of this visitor's messages as sending, at the end of the newest page. */
export function addSending(pages: HistoryPage[], entry: ChatEntry): void {
  dropMessage(pages, entry.id);
  pages[0]?.items.push({ ...entry, status: 'sending' });
}

/** Marks a `temp-` entry failed (it then offers Retry); gone already when the push replaced it. */
export function markFailed(pages: HistoryPage[], id: string): void {
  const failed = pages.flatMap((page) => page.items).find((item) => item.id === id);
  if (failed) failed.status = 'failed';
}
