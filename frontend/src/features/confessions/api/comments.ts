import { type CommentSubmission, routes } from '@secretchatbox/contracts';
import { api } from '../../../lib/api';
import { callTo } from '../../../lib/calls';
import { asVisitor } from '../../../lib/visitor-session';

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Approved comments, oldest first; asked for only while the section is open. */
    getComments: build.query({
      ...callTo(routes.listComments, (confessionId: string) => ({ path: { id: confessionId } })),
      providesTags: (_result, _error, confessionId) => [{ type: 'Comments', id: confessionId }],
    }),
    submitComment: build.mutation({
      queryFn: ({ confessionId, ...body }: { confessionId: string } & CommentSubmission, _api, _extra, baseQuery) =>
        asVisitor(baseQuery, routes.submitComment, { path: { id: confessionId }, body }),
      invalidatesTags: (_result, _error, { confessionId }) => [{ type: 'Comments', id: confessionId }],
    }),
  }),
});

export const { useGetCommentsQuery, useSubmitCommentMutation } = commentsApi;
