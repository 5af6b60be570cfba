import {
  apiPaths,
  type DirectMessage,
  type DirectMessageInput,
  type DirectMessageSent201,
  idempotencyHeader,
} from '@secretchatbox/contracts';
import { api, newIdempotencyKey } from '../../lib/api';
import { asVisitor } from '../../lib/visitor-session';

/** How often the Messages panel asks again (spec section 9). */
export const directMessagePollingMs = 5000;

export const directMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What this visitor sent, with its status, and the approved messages it received, newest first. */
    getDirectMessages: build.query<DirectMessage[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        asVisitor<DirectMessage[]>(baseQuery, { url: apiPaths.directMessages }),
      providesTags: ['DirectMessages'],
    }),
    sendDirectMessage: build.mutation<DirectMessageSent201, DirectMessageInput>({
      queryFn: (body, _api, _extra, baseQuery) =>
        asVisitor<DirectMessageSent201>(baseQuery, {
          url: apiPaths.directMessages,
          method: 'POST',
          body,
          headers: { [idempotencyHeader]: newIdempotencyKey() },
        }),
      invalidatesTags: ['DirectMessages'],
    }),
  }),
});

export const { useGetDirectMessagesQuery, useSendDirectMessageMutation } = directMessagesApi;
