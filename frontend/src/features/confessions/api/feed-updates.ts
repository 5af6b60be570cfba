import { type ConfessionPublishedNotice, socketEvents } from '@secretchatbox/contracts';
import { api, readAfter } from '../../../lib/api';
import { getSocket, holdSocket } from '../../../lib/socket';

export const feedUpdatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The confessions a college's feed has gained since the board opened (ids, newest first), as
     * the server pushes them over the socket; nothing is fetched. The socket watches the feed
     * again after every reconnection.
     */
    watchFeed: build.query<string[], string>({
      queryFn: () => ({ data: [] }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(collegeCode, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        const socket = getSocket();
        const watch = () => socket.emit(socketEvents.feedWatch, { collegeCode }, () => undefined);
        const onPublished = ({ id, collegeCode: college, position }: ConfessionPublishedNotice) => {
          if (college !== collegeCode) return;
          // The board's next read shows it, through whichever instance answers.
          readAfter(position);
          updateCachedData((ids) => (ids.includes(id) ? ids : [id, ...ids]));
        };
        await cacheDataLoaded;
        socket.on(socketEvents.feedPublished, onPublished);
        socket.on('connect', watch);
        const release = holdSocket();
        if (socket.connected) watch();
        await cacheEntryRemoved;
        socket.off(socketEvents.feedPublished, onPublished);
        socket.off('connect', watch);
        release();
      },
    }),
  }),
});

export const { useWatchFeedQuery } = feedUpdatesApi;
