import {
  type AcceptedBody,
  type AnswerOf,
  type Category,
  type ConfessionItem,
  type ConfessionSubmission,
  type feedSorts,
  type LikeResult,
  routes,
} from '@secretchatbox/contracts';
import { api, isAccepted, sessionHeaders } from '../../../lib/api';
import { call, callTo } from '../../../lib/calls';
import { asVisitor } from '../../../lib/visitor-session';

export type FeedSort = (typeof feedSorts)[number];
export type FeedFilters = { collegeCode: string; category: Category | null; q: string; sort: FeedSort };
export type FeaturedFilters = Pick<FeedFilters, 'collegeCode' | 'category'>;

type Dispatch = (action: unknown) => { undo(): void };

/**
 * Changes a confession wherever the cache shows it: every cached feed (any filter), Daily Featured
 * and the shared-link entry. Returns the patches, to undo them.
 */
export function patchConfession(
  id: string,
  change: (item: ConfessionItem) => void,
  dispatch: Dispatch,
  getState: () => unknown,
): { undo(): void }[] {
  const { util } = confessionsApi;
  const state = getState() as Parameters<typeof util.selectCachedArgsForQuery>[0];
  const feeds = util.selectCachedArgsForQuery(state, 'getConfessionFeed').map((filters) =>
    dispatch(
      util.updateQueryData('getConfessionFeed', filters, (feed) => {
        for (const page of feed.pages) page.items.filter((item) => item.id === id).forEach(change);
      }),
    ),
  );
  const featured = util.selectCachedArgsForQuery(state, 'getFeaturedConfession').map((filters) =>
    dispatch(
      util.updateQueryData('getFeaturedConfession', filters, ({ item }) => {
        if (item?.id === id) change(item);
      }),
    ),
  );
  const single = util
    .selectCachedArgsForQuery(state, 'getConfession')
    .filter((cachedId) => cachedId === id)
    .map(() => dispatch(util.updateQueryData('getConfession', id, change)));
  return [...feeds, ...featured, ...single];
}

export const confessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The approved feed, a page at a time: further pages load as the student scrolls. */
    getConfessionFeed: build.infiniteQuery<AnswerOf<typeof routes.listConfessions>, FeedFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: { collegeCode, category, q, sort }, pageParam }) =>
        call(routes.listConfessions, {
          query: {
            collegeCode,
            category: category ?? undefined,
            q: q.trim() || undefined,
            sort,
            cursor: pageParam ?? undefined,
          },
          headers: sessionHeaders('visitor'),
        }),
      providesTags: ['ConfessionFeed'],
    }),
    /** Daily Featured of the board's college and category. */
    getFeaturedConfession: build.query({
      ...callTo(routes.featuredConfession, ({ collegeCode, category }: FeaturedFilters) => ({
        query: { collegeCode, category: category ?? undefined },
        headers: sessionHeaders('visitor'),
      })),
      providesTags: ['ConfessionFeed'],
    }),
    /** One confession, for a shared link. */
    getConfession: build.query({
      ...callTo(routes.getConfession, (id: string) => ({ path: { id }, headers: sessionHeaders('visitor') })),
      providesTags: (_result, _error, id) => [{ type: 'Confession', id }],
    }),
    /** A new confession waits for moderation, so the feed does not change; the quota does. */
    submitConfession: build.mutation({
      queryFn: (body: ConfessionSubmission, _api, _extra, baseQuery) =>
        asVisitor(baseQuery, routes.submitConfession, { body: { ...body, isAnonymous: true } }),
      invalidatesTags: ['ConfessionFeed', 'DailyLimit', 'Stats'],
    }),
    /**
     * Optimistic: the heart and the count change at once in every cached list, are corrected by the
     * server's answer, and are undone if the call fails. A 202 has no count to correct with, so the
     * guess stays until the lists are read again.
     */
    likeConfession: build.mutation<LikeResult | AcceptedBody, string>({
      queryFn: (id, _api, _extra, baseQuery) => asVisitor(baseQuery, routes.likeConfession, { path: { id }, body: {} }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patch = (change: (item: ConfessionItem) => void) => patchConfession(id, change, dispatch, getState);
        const optimistic = patch((item) => {
          item.likes += item.liked ? -1 : 1;
          item.liked = !item.liked;
        });
        try {
          const { data } = await queryFulfilled;
          if (!isAccepted(data)) patch((item) => Object.assign(item, data));
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
  useGetFeaturedConfessionQuery,
  useSubmitConfessionMutation,
  useLikeConfessionMutation,
} = confessionsApi;
