import { apiPaths, type ChatRoom, type CreateRoomInput, pathTo } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';

const admin = () => sessionHeaders('admin');

export const roomsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The rooms a college's students see; the Live Chat tab's list shares the tag, so it follows changes. */
    getManagedRooms: build.query<ChatRoom[], string>({
      query: (collegeCode) => ({ url: apiPaths.chatRooms, params: { collegeCode }, headers: admin() }),
      providesTags: ['ChatRooms'],
    }),
    createRoom: build.mutation<ChatRoom, CreateRoomInput>({
      query: (body) => ({ url: apiPaths.chatRooms, method: 'POST', body, headers: admin() }),
      invalidatesTags: ['ChatRooms'],
    }),
    renameRoom: build.mutation<ChatRoom, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: pathTo(apiPaths.chatRoom, { id }),
        method: 'PUT',
        body: { name },
        headers: admin(),
      }),
      invalidatesTags: ['ChatRooms'],
    }),
    archiveRoom: build.mutation<ChatRoom, string>({
      query: (id) => ({ url: pathTo(apiPaths.archiveChatRoom, { id }), method: 'PUT', body: {}, headers: admin() }),
      invalidatesTags: ['ChatRooms'],
    }),
  }),
});

export const { useGetManagedRoomsQuery, useCreateRoomMutation, useRenameRoomMutation, useArchiveRoomMutation } =
  roomsAdminApi;
