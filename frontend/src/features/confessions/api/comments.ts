import {
  apiPaths,
  type CommentItem,
  type CommentSubmission,
  type CommentSubmitted201,
  pathTo,
} from '@secretchatbox/contracts';
import { api } from '../../../lib/api';
import { asVisitor } from '../../../lib/visitor-session';

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Approved comments, oldest first; asked for only while the section is open. */
    getComments: build.query<CommentItem[], string>({
      query: (confessionId) => pathTo(apiPaths.comments, { id: confessionId }),
      providesTags: (_result, _error, confessionId) => [{ type: 'Comments', id: confessionId }],
    }),
    submitComment: build.mutation<CommentSubmitted201, { confessionId: string } & CommentSubmission>({
      queryFn: ({ confessionId, ...body }, _api, _extra, baseQuery) =>
        asVisitor<CommentSubmitted201>(baseQuery, {
          url: pathTo(apiPaths.comments, { id: confessionId }),
          method: 'POST',
          body,
        }),
      invalidatesTags: (_result, _error, { confessionId }) => [{ type: 'Comments', id: confessionId }],
    }),
  }),
});

export const { useGetCommentsQuery, useSubmitCommentMutation } = commentsApi;
