import {
  apiPaths,
  type ModeratedComment,
  type ModeratedConfession,
  type ModeratedDirectMessage,
  type moderationListViews,
  type PairingReportItem,
  pathTo,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';

/** Spec section 9: the pending admin lists are polled every 5000 ms. */
export const queuePolling = { pollingInterval: 5000 } as const;

/** One college, or null for every college the admin may see (chief and auditor). */
export type CollegeScope = string | null;
export type ConfessionView = (typeof moderationListViews)[number];

const scoped = (url: string, collegeCode: CollegeScope) => ({
  url,
  params: { collegeCode: collegeCode ?? undefined },
  headers: sessionHeaders('admin'),
});

export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingConfessions: build.query<ModeratedConfession[], CollegeScope>({
      query: (collegeCode) => scoped(apiPaths.pendingConfessions, collegeCode),
      providesTags: [{ type: 'ModerationQueue', id: 'confessions' }],
    }),
    getPendingComments: build.query<ModeratedComment[], CollegeScope>({
      query: (collegeCode) => scoped(apiPaths.pendingComments, collegeCode),
      providesTags: [{ type: 'ModerationQueue', id: 'comments' }],
    }),
    getPendingDirectMessages: build.query<ModeratedDirectMessage[], CollegeScope>({
      query: (collegeCode) => scoped(apiPaths.pendingDirectMessages, collegeCode),
      providesTags: [{ type: 'ModerationQueue', id: 'direct-messages' }],
    }),
    getPairingReports: build.query<PairingReportItem[], CollegeScope>({
      query: (collegeCode) => scoped(apiPaths.pairingReports, collegeCode),
      providesTags: [{ type: 'ModerationQueue', id: 'pairing-reports' }],
    }),
    /** The table of the normal and college dashboards: one college, pending only or every status. */
    getCollegeConfessions: build.query<ModeratedConfession[], { collegeCode: string; view: ConfessionView }>({
      query: ({ collegeCode, view }) => ({
        url: pathTo(apiPaths.collegeConfessions, { code: collegeCode }),
        params: { view },
        headers: sessionHeaders('admin'),
      }),
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
