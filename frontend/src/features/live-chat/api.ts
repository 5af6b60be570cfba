import {
  type ChatMessage,
  chatMessageFields,
  idempotencyHeader,
  routes,
  socketEvents,
  type MessageRemovedNotice,
  type UserTyping,
} from '@secretchatbox/contracts';
import { api, isAccepted, newIdempotencyKey } from '../../lib/api';
import { call, callTo } from '../../lib/calls';
import { getSocket, holdSocket } from '../../lib/socket';
import { asVisitor } from '../../lib/visitor-session';
import { addMessage, addSending, type ChatEntry, dropMessage, type HistoryPage, markFailed } from './history-cache';

export type RoomLive = { online: number; typists: string[] };
/** `tempId` is `temp-` and the message's Idempotency-Key: a Retry sends it again, so a send that was stored is not stored twice. */
export type NewMessage = { roomId: string; content: string; nickname: string | null; tempId: string };

/** A message of this visitor's on its way, under an id that also keys its retries. */
export const newTempId = () => `temp-${newIdempotencyKey()}`;

/** A typist whose stop never came (a closed laptop) leaves the line after this long. */
const typistTimeoutMs = 6000;

/** The `roomLive` entry whose join the socket sent last: only it may send the socket's leave. */
let lastJoinedBy: object | null = null;

export const liveChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatRooms: build.query({
      ...callTo(routes.listChatRooms, (collegeCode: string) => ({ query: { collegeCode } })),
      // Admins add, rename and archive rooms in the same app: their changes invalidate this tag.
      providesTags: ['ChatRooms'],
    }),
    /** Who this visitor is in chat (its public session id); starts a session when there is none. */
    getChatIdentity: build.query({
      queryFn: (_arg: void, _api, _extra, baseQuery) => asVisitor(baseQuery, routes.getSession),
    }),
    /**
     * The room's online count and who is typing, kept live over the socket while the room is on
     * screen. The entry holds the socket and joins the room, again at every reconnection; each
     * acknowledged join reads the history again, which brings what was said before the socket
     * was in the room (while it connected, or while it was away).
     */
    roomLive: build.query<RoomLive, string>({
      queryFn: () => ({ data: { online: 0, typists: [] } }),
      // The socket is in one room at a time: a room left is dropped at once, so that coming back
      // to it makes a new entry, which joins it again.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(roomId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const socket = getSocket();
        const timers = new Map<string, ReturnType<typeof setTimeout>>();
        const setTypist = (nickname: string, typing: boolean) => {
          clearTimeout(timers.get(nickname));
          timers.delete(nickname);
          if (typing)
            timers.set(
              nickname,
              setTimeout(() => setTypist(nickname, false), typistTimeoutMs),
            );
          updateCachedData((live) => {
            live.typists = live.typists.filter((name) => name !== nickname);
            if (typing) live.typists.push(nickname);
          });
        };
        const onCount = (online: number) => updateCachedData((live) => void (live.online = online));
        const onTyping = ({ nickname, isTyping }: UserTyping) => setTypist(nickname, isTyping);
        const entry = {};
        const join = () => {
          lastJoinedBy = entry;
          socket.emit(socketEvents.joinRoom, roomId, (answer) => {
            if (answer.ok) dispatch(liveChatApi.util.invalidateTags([{ type: 'ChatHistory', id: roomId }]));
          });
        };
        await cacheDataLoaded;
        socket.on(socketEvents.updateOnlineCount, onCount);
        socket.on(socketEvents.userTyping, onTyping);
        socket.on('connect', join);
        const release = holdSocket();
        if (socket.connected) join();
        await cacheEntryRemoved;
        socket.off(socketEvents.updateOnlineCount, onCount);
        socket.off(socketEvents.userTyping, onTyping);
        socket.off('connect', join);
        // The socket may stay connected (an open board watches its feed): out of the room itself,
        // unless a newer entry (the same room, opened again) has joined since.
        if (socket.connected && lastJoinedBy === entry) socket.emit(socketEvents.leaveRoom, roomId);
        release();
        timers.forEach(clearTimeout);
      },
    }),
    /**
     * A room's history, newest page first; older pages load through the cursor. New messages and
     * removals arrive over the socket; `roomLive` has it read again after each join.
     */
    getChatHistory: build.infiniteQuery<HistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: roomId, pageParam }) =>
        call(routes.listChatMessages, { path: { id: roomId }, query: pageParam ? { cursor: pageParam } : undefined }),
      // Off screen the socket is not in the room, so a kept history would miss what is said there.
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, roomId) => [{ type: 'ChatHistory', id: roomId }],
      async onCacheEntryAdded(roomId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        const socket = getSocket();
        const onMessage = (message: ChatMessage) => {
          if (message.roomId === roomId) updateCachedData((history) => addMessage(history.pages, message));
        };
        const onRemoved = ({ id, roomId: room }: MessageRemovedNotice) => {
          if (room === roomId) updateCachedData((history) => dropMessage(history.pages, id));
        };
        await cacheDataLoaded;
        socket.on(socketEvents.receiveMessage, onMessage);
        socket.on(socketEvents.messageRemoved, onRemoved);
        await cacheEntryRemoved;
        socket.off(socketEvents.receiveMessage, onMessage);
        socket.off(socketEvents.messageRemoved, onRemoved);
      },
    }),
    /**
     * Optimistic (docs/product.md, Screens): the message shows at once as sending, under a `temp-` id; the
     * server's copy replaces it, or it is marked failed with a Retry.
     */
    postChatMessage: build.mutation({
      queryFn: ({ roomId, content, nickname, tempId }: NewMessage, _api, _extra, baseQuery) =>
        asVisitor(baseQuery, routes.postChatMessage, {
          path: { id: roomId },
          body: { content, ...(nickname ? { nickname } : {}), isPublic: true },
          headers: { [idempotencyHeader]: tempId.slice('temp-'.length) },
        }),
      async onQueryStarted({ roomId, content, nickname, tempId }, { dispatch, getState, queryFulfilled }) {
        const patch = (change: (pages: HistoryPage[]) => void) =>
          dispatch(liveChatApi.util.updateQueryData('getChatHistory', roomId, (history) => change(history.pages)));
        const sessionId = liveChatApi.endpoints.getChatIdentity.select()(getState()).data?.sessionId ?? '';
        const temp: ChatEntry = {
          id: tempId,
          roomId,
          content,
          nickname,
          sessionId,
          createdAt: new Date().toISOString(),
          isAdmin: false,
        };
        patch((pages) => addSending(pages, temp));
        try {
          const { data } = await queryFulfilled;
          patch((pages) => {
            dropMessage(pages, tempId);
            // A 202 carries the message too: it is stored, and shows as sent.
            addMessage(pages, isAccepted(data) ? chatMessageFields(data as unknown as ChatMessage) : data);
          });
        } catch {
          patch((pages) => markFailed(pages, tempId));
        }
      },
      invalidatesTags: ['DailyLimit'],
    }),
  }),
});

export const {
  useGetChatRoomsQuery,
  useGetChatIdentityQuery,
  useRoomLiveQuery,
  useGetChatHistoryInfiniteQuery,
  usePostChatMessageMutation,
} = liveChatApi;
