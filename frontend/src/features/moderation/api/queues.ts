import { type moderationListViews, routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import { type CallParts, callTo } from '../../../lib/calls';

/** The pending admin lists are polled every 5000 ms (docs/product.md, Screens). */
export const queuePolling = { pollingInterval: 5000 } as const;

/** One college, or null for every college the admin may see (chief and auditor). */
export type CollegeScope = string | null;
export type ConfessionView = (typeof moderationListViews)[number];

/** One college's list, or every college's the admin may see, with the admin session. */
export const scoped = (collegeCode: CollegeScope): CallParts => ({
  query: { collegeCode: collegeCode ?? undefined },
  headers: sessionHeaders('admin'),
});

export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingConfessions: build.query({
      ...callTo(routes.listPendingConfessions, scoped),
      providesTags: [{ type: 'ModerationQueue', id: 'confessions' }],
    }),
    getPendingComments: build.query({
      ...callTo(routes.listPendingComments, scoped),
      providesTags: [{ type: 'ModerationQueue', id: 'comments' }],
    }),
    getPendingDirectMessages: build.query({
      ...callTo(routes.listPendingDirectMessages, scoped),
      providesTags: [{ type: 'ModerationQueue', id: 'direct-messages' }],
    }),
    getPairingReports: build.query({
      ...callTo(routes.listPairingReports, scoped),
      providesTags: [{ type: 'ModerationQueue', id: 'pairing-reports' }],
    }),
    /** The table of the normal and college dashboards: one college, pending only or every status. */
    getCollegeConfessions: build.query({
      ...callTo(
        routes.listCollegeConfessions,
        ({ collegeCode, view }: { collegeCode: string; view: ConfessionView }) => ({
          path: { code: collegeCode },
          query: { view },
          headers: sessionHeaders('admin'),
        }),
      ),
      providesTags: [{ type: 'ModerationQueue', id: 'confessions' }],
    }),
  }),
});

export const {
  useGetPendingConfessionsQuery,
  useGetPendingCommentsQuery,
  useGetPendingDirectMessagesQuery,
  useGetPairingReportsQuery,
  useGetCollegeConfessionsQuery,
} = queuesApi;
