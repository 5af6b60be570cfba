import { apiPaths, type ChatRoom } from '@secretchatbox/contracts';
import { api } from '../../lib/api';
import { getSocket } from '../../lib/socket';

export type RoomPresence = { online: number };

export const liveChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatRooms: build.query<ChatRoom[], string>({
      query: (collegeCode) => ({ url: apiPaths.chatRooms, params: { collegeCode } }),
      // Admins add, rename and archive rooms in the same app: their changes invalidate this tag.
      providesTags: ['ChatRooms'],
    }),
    /** The room's online count, kept live over the socket while the entry is in use. */
    roomPresence: build.query<RoomPresence, string>({
      queryFn: () => ({ data: { online: 0 } }),
      async onCacheEntryAdded(roomId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        const socket = getSocket();
        const onCount = (online: number) => updateCachedData(() => ({ online }));
        const join = () => socket.emit('joinRoom', roomId);
        await cacheDataLoaded;
        socket.on('updateOnlineCount', onCount);
        socket.on('connect', join);
        if (socket.connected) join();
        else socket.connect();
        await cacheEntryRemoved;
        socket.off('updateOnlineCount', onCount);
        socket.off('connect', join);
      },
    }),
  }),
});

export const { useGetChatRoomsQuery, useRoomPresenceQuery } = liveChatApi;
