import { type DirectMessageInput, idempotencyHeader, routes } from '@secretchatbox/contracts';
import { api, newIdempotencyKey } from '../../lib/api';
import { asVisitor } from '../../lib/visitor-session';

/** How often the Messages panel asks again (docs/product.md, Screens). */
export const directMessagePollingMs = 5000;

export const directMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What this visitor sent, with its status, and the approved messages it received, newest first. */
    getDirectMessages: build.query({
      queryFn: (_arg: void, _api, _extra, baseQuery) => asVisitor(baseQuery, routes.listDirectMessages),
      providesTags: ['DirectMessages'],
    }),
    sendDirectMessage: build.mutation({
      queryFn: (body: DirectMessageInput, _api, _extra, baseQuery) =>
        asVisitor(baseQuery, routes.sendDirectMessage, {
          body,
          headers: { [idempotencyHeader]: newIdempotencyKey() },
        }),
      invalidatesTags: ['DirectMessages'],
    }),
  }),
});

export const { useGetDirectMessagesQuery, useSendDirectMessageMutation } = directMessagesApi;
