import { useState } from 'react';
import { storage } from '../../lib/storage';
import { directMessagePollingMs, useGetDirectMessagesQuery } from './direct-messages-api';

/**
 * The visitor's direct messages, asked again every 5 s while the Live Chat tab is open
 * (docs/product.md, Screens), and how many received ones are newer than the newest the visitor has seen.
 */
export function useDirectMessages(ownSessionId: string | undefined) {
  const query = useGetDirectMessagesQuery(undefined, { pollingInterval: directMessagePollingMs, skip: !ownSessionId });
  const [seen, setSeen] = useState(() => storage.get('directMessagesSeen') ?? '');
  const received = (query.data ?? []).filter((message) => message.toSessionId === ownSessionId);
  const unread = received.filter((message) => message.createdAt > seen).length;
  const markSeen = () => {
    const newest = received[0]?.createdAt;
    if (!newest || newest <= seen) return;
    storage.set('directMessagesSeen', newest);
    setSeen(newest);
  };
  return { messages: query.data, failed: query.isError, unread, markSeen };
}
