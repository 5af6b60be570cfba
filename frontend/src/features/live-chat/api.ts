import {
  apiPaths,
  type ChatMessage,
  chatMessageFields,
  type ChatRoom,
  idempotencyHeader,
  pathTo,
  type SessionView,
  socketEvents,
  type UserTyping,
} from '@secretchatbox/contracts';
import { api, isAccepted, newIdempotencyKey } from '../../lib/api';
import { getSocket } from '../../lib/socket';
import { asVisitor } from '../../lib/visitor-session';

/** A message in the list: as the server has it, or one of this visitor's on its way (`temp-` id). */
export type ChatEntry = ChatMessage & { status?: 'sending' | 'failed' };
export type HistoryPage = { items: ChatEntry[]; nextCursor: string | null };
export type RoomLive = { online: number; typists: string[] };
/** `tempId` is `temp-` and the message's Idempotency-Key: a Retry sends it again, so a send that was stored is not stored twice. */
export type NewMessage = { roomId: string; content: string; nickname: string | null; tempId: string };

/** A message of this visitor's on its way, under an id that also keys its retries. */
export const newTempId = () => `temp-${newIdempotencyKey()}`;

/** A typist whose stop never came (a closed laptop) leaves the line after this long. */
const typistTimeoutMs = 6000;

export const liveChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatRooms: build.query<ChatRoom[], string>({
      query: (collegeCode) => ({ url: apiPaths.chatRooms, params: { collegeCode } }),
      // Admins add, rename and archive rooms in the same app: their changes invalidate this tag.
      providesTags: ['ChatRooms'],
    }),
    /** Who this visitor is in chat (its public session id); starts a session when there is none. */
    getChatIdentity: build.query<SessionView, void>({
      queryFn: (_arg, _api, _extra, baseQuery) => asVisitor<SessionView>(baseQuery, { url: apiPaths.session }),
    }),
    /**
     * The room's online count and who is typing, kept live over the socket while the entry is in
     * use: the socket joins the room now and again at every reconnection.
     */
    roomLive: build.query<RoomLive, string>({
      queryFn: () => ({ data: { online: 0, typists: [] } }),
      async onCacheEntryAdded(roomId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
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
        const join = () => socket.emit(socketEvents.joinRoom, roomId, () => undefined);
        await cacheDataLoaded;
        socket.on(socketEvents.updateOnlineCount, onCount);
        socket.on(socketEvents.userTyping, onTyping);
        socket.on('connect', join);
        if (socket.connected) join();
        else socket.connect();
        await cacheEntryRemoved;
        socket.off(socketEvents.updateOnlineCount, onCount);
        socket.off(socketEvents.userTyping, onTyping);
        socket.off('connect', join);
        timers.forEach(clearTimeout);
      },
    }),
    /**
     * A room's history, newest page first; older pages load through the cursor. New messages and
     * removals arrive over the socket into the newest page; after a reconnection everything is read
     * again, which brings what was said meanwhile.
     */
    getChatHistory: build.infiniteQuery<HistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: roomId, pageParam }) => ({
        url: pathTo(apiPaths.chatMessages, { id: roomId }),
        params: pageParam ? { cursor: pageParam } : undefined,
      }),
      providesTags: (_result, _error, roomId) => [{ type: 'ChatHistory', id: roomId }],
      async onCacheEntryAdded(roomId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const socket = getSocket();
        const onMessage = (message: ChatMessage) => {
          if (message.roomId !== roomId) return;
          updateCachedData((history) => addMessage(history.pages, message));
        };
        const onRemoved = ({ id, roomId: room }: { id: string; roomId: string }) => {
          if (room !== roomId) return;
          updateCachedData((history) => {
            for (const page of history.pages) page.items = page.items.filter((item) => item.id !== id);
          });
        };
        let connectedBefore = socket.connected;
        const onConnect = () => {
          if (connectedBefore) dispatch(liveChatApi.util.invalidateTags([{ type: 'ChatHistory', id: roomId }]));
          connectedBefore = true;
        };
        await cacheDataLoaded;
        socket.on(socketEvents.receiveMessage, onMessage);
        socket.on(socketEvents.messageRemoved, onRemoved);
        socket.on('connect', onConnect);
        await cacheEntryRemoved;
        socket.off(socketEvents.receiveMessage, onMessage);
        socket.off(socketEvents.messageRemoved, onRemoved);
        socket.off('connect', onConnect);
      },
    }),
    /**
     * Optimistic (spec section 4): the message shows at once as sending, under a `temp-` id; the
     * server's copy replaces it, or it is marked failed with a Retry.
     */
    postChatMessage: build.mutation<ChatMessage, NewMessage>({
      queryFn: ({ roomId, content, nickname, tempId }, _api, _extra, baseQuery) =>
        asVisitor<ChatMessage>(baseQuery, {
          url: pathTo(apiPaths.chatMessages, { id: roomId }),
          method: 'POST',
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
          status: 'sending',
        };
        patch((pages) => {
          for (const page of pages) page.items = page.items.filter((item) => item.id !== tempId);
          pages[0]?.items.push(temp);
        });
        try {
          const { data } = await queryFulfilled;
          patch((pages) => {
            for (const page of pages) page.items = page.items.filter((item) => item.id !== tempId);
            // A 202 carries the message too: it is stored, and shows as sent.
            addMessage(pages, isAccepted(data) ? chatMessageFields(data as unknown as ChatMessage) : data);
          });
        } catch {
          patch((pages) => {
            const failed = pages.flatMap((page) => page.items).find((item) => item.id === tempId);
            if (failed) failed.status = 'failed';
          });
        }
      },
      invalidatesTags: ['DailyLimit'],
    }),
  }),
});

/** Adds a message to the newest page unless some page has it already. */
function addMessage(pages: HistoryPage[], message: ChatMessage): void {
  if (pages.some((page) => page.items.some((item) => item.id === message.id))) return;
  pages[0]?.items.push(message);
}

export const {
  useGetChatRoomsQuery,
  useGetChatIdentityQuery,
  useRoomLiveQuery,
  useGetChatHistoryInfiniteQuery,
  usePostChatMessageMutation,
} = liveChatApi;
