import { type CreateRoomInput, routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { callTo } from '../../lib/calls';

const admin = () => sessionHeaders('admin');

export const roomsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The rooms a college's students see; the Live Chat tab's list shares the tag, so it follows changes. */
    getManagedRooms: build.query({
      ...callTo(routes.listChatRooms, (collegeCode: string) => ({ query: { collegeCode }, headers: admin() })),
      providesTags: ['ChatRooms'],
    }),
    createRoom: build.mutation({
      ...callTo(routes.createChatRoom, (body: CreateRoomInput) => ({ body, headers: admin() })),
      invalidatesTags: ['ChatRooms'],
    }),
    renameRoom: build.mutation({
      ...callTo(routes.renameChatRoom, ({ id, name }: { id: string; name: string }) => ({
        path: { id },
        body: { name },
        headers: admin(),
      })),
      invalidatesTags: ['ChatRooms'],
    }),
    archiveRoom: build.mutation({
      ...callTo(routes.archiveChatRoom, (id: string) => ({ path: { id }, body: {}, headers: admin() })),
      invalidatesTags: ['ChatRooms'],
    }),
  }),
});

export const { useGetManagedRoomsQuery, useCreateRoomMutation, useRenameRoomMutation, useArchiveRoomMutation } =
  roomsAdminApi;
