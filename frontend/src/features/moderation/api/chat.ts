import { routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import { callTo } from '../../../lib/calls';
import type { NoteInput } from './decisions';

export const chatModerationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A room's latest messages, newest first, with authors by pseudonym; polled like the queues. */
    getModeratedChat: build.query({
      ...callTo(routes.listModeratedChatMessages, (roomId: string) => ({
        query: { roomId },
        headers: sessionHeaders('admin'),
      })),
      providesTags: (_result, _error, roomId) => [{ type: 'ModeratedChat', id: roomId }],
    }),
    /** Whatever the answer (a 409 too), the room's lists are read again. */
    removeChatMessage: build.mutation({
      ...callTo(routes.removeChatMessage, ({ id, roomId: _room, ...note }: NoteInput & { roomId: string }) => ({
        path: { id },
        body: note,
        headers: sessionHeaders('admin'),
      })),
      invalidatesTags: (_result, _error, { roomId }) => [
        { type: 'ModeratedChat', id: roomId },
        { type: 'ChatHistory', id: roomId },
      ],
    }),
    /** A moderator's own message to the room, marked as a moderator's. */
    postAsModerator: build.mutation({
      ...callTo(routes.postChatMessage, ({ roomId, content }: { roomId: string; content: string }) => ({
        path: { id: roomId },
        body: { content },
        headers: sessionHeaders('admin'),
      })),
      invalidatesTags: (_result, _error, { roomId }) => [{ type: 'ModeratedChat', id: roomId }],
    }),
  }),
});

export const { useGetModeratedChatQuery, useRemoveChatMessageMutation, usePostAsModeratorMutation } = chatModerationApi;
