import {
  apiPaths,
  type Category,
  type ConfessionItem,
  type ConfessionPage,
  type ConfessionSubmission,
  type ConfessionSubmitted201,
  type feedSorts,
  type LikeResult,
  pathTo,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import { asVisitor } from '../../../lib/visitor-session';

export type FeedSort = (typeof feedSorts)[number];
export type FeedFilters = { collegeCode: string; category: Category | null; q: string; sort: FeedSort };

const confessionPath = (id: string) => pathTo(apiPaths.confession, { id });

export const confessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The approved feed, a page at a time: further pages load as the student scrolls. */
    getConfessionFeed: build.infiniteQuery<ConfessionPage, FeedFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: { collegeCode, category, q, sort }, pageParam }) => ({
        url: apiPaths.confessions,
        params: { collegeCode, category: category ?? undefined, q: q.trim() || undefined, sort, cursor: pageParam ?? undefined },
        headers: sessionHeaders('visitor'),
      }),
      providesTags: ['ConfessionFeed'],
    }),
    /** One confession, for a shared link. */
    getConfession: build.query<ConfessionItem, string>({
      query: (id) => ({ url: confessionPath(id), headers: sessionHeaders('visitor') }),
      providesTags: (_result, _error, id) => [{ type: 'Confession', id }],
    }),
    /** A new confession waits for moderation, so the feed does not change; the quota does. */
    submitConfession: build.mutation<ConfessionSubmitted201, ConfessionSubmission>({
      queryFn: (body, _api, _extra, baseQuery) =>
        asVisitor<ConfessionSubmitted201>(baseQuery, { url: apiPaths.confessions, method: 'POST', body: { ...body, isAnonymous: true } }),
      invalidatesTags: ['ConfessionFeed', 'DailyLimit', 'Stats'],
    }),
    /**
     * Optimistic: the heart and the count change at once in every cached list, are corrected by the
     * server's answer, and are undone if the call fails.
     */
    likeConfession: build.mutation<LikeResult, string>({
      queryFn: (id, _api, _extra, baseQuery) =>
        asVisitor<LikeResult>(baseQuery, { url: pathTo(apiPaths.likeConfession, { id }), method: 'POST', body: {} }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patch = (change: (item: ConfessionItem) => void) => {
          const cached = confessionsApi.util.selectInvalidatedBy(getState(), ['ConfessionFeed', { type: 'Confession', id }]);
          return cached.map(({ endpointName, originalArgs }) =>
            endpointName === 'getConfessionFeed'
              ? dispatch(
                  confessionsApi.util.updateQueryData('getConfessionFeed', originalArgs as FeedFilters, (feed) => {
                    for (const page of feed.pages) page.items.filter((item) => item.id === id).forEach(change);
                  }),
                )
              : dispatch(confessionsApi.util.updateQueryData('getConfession', originalArgs as string, change)),
          );
        };
        const optimistic = patch((item) => {
          item.likes += item.liked ? -1 : 1;
          item.liked = !item.liked;
        });
        try {
          const { data } = await queryFulfilled;
          patch((item) => Object.assign(item, data));
        } catch {
          for (const change of optimistic) change.undo();
        }
      },
      invalidatesTags: ['Stats'],
    }),
  }),
});

export const {
  useGetConfessionFeedInfiniteQuery,
  useGetConfessionQuery,
  useSubmitConfessionMutation,
  useLikeConfessionMutation,
} = confessionsApi;
