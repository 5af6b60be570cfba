import {
  apiPaths,
  type ChatMessage,
  type ChatMessageRemoval,
  type ModeratedChatMessagePage,
  pathTo,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import type { NoteInput } from './decisions';

export const chatModerationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A room's latest messages, newest first, with authors by pseudonym; polled like the queues. */
    getModeratedChat: build.query<ModeratedChatMessagePage, string>({
      query: (roomId) => ({
        url: apiPaths.moderatedChatMessages,
        params: { roomId },
        headers: sessionHeaders('admin'),
      }),
      providesTags: (_result, _error, roomId) => [{ type: 'ModeratedChat', id: roomId }],
    }),
    /** Whatever the answer (a 409 too), the room's lists are read again. */
    removeChatMessage: build.mutation<ChatMessageRemoval, NoteInput & { roomId: string }>({
      query: ({ id, roomId: _room, ...note }) => ({
        url: pathTo(apiPaths.moderatedChatMessage, { id }),
        method: 'DELETE',
        body: note,
        headers: sessionHeaders('admin'),
      }),
      invalidatesTags: (_result, _error, { roomId }) => [
        { type: 'ModeratedChat', id: roomId },
        { type: 'ChatHistory', id: roomId },
      ],
    }),
    /** A moderator's own message to the room, marked as a moderator's. */
    postAsModerator: build.mutation<ChatMessage, { roomId: string; content: string }>({
      query: ({ roomId, content }) => ({
        url: pathTo(apiPaths.chatMessages, { id: roomId }),
        method: 'POST',
        body: { content },
        headers: sessionHeaders('admin'),
      }),
      invalidatesTags: (_result, _error, { roomId }) => [{ type: 'ModeratedChat', id: roomId }],
    }),
  }),
});

export const { useGetModeratedChatQuery, useRemoveChatMessageMutation, usePostAsModeratorMutation } = chatModerationApi;
