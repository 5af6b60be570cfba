import {
  type AnswerOf,
  type ConfessionRejection,
  type DirectMessageDecisionInput,
  type ModerationNote,
  type PairingReportDecisionInput,
  routes,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import { call, type CallParts, callTo } from '../../../lib/calls';

/** A moderator's command on one item: the admin session, and always a JSON body (`{}` when empty). */
const command = (id: string, body: object = {}): CallParts => ({
  path: { id },
  body,
  headers: sessionHeaders('admin'),
});

/*
 * Tags are invalidated whatever the answer, so a 409 (another moderator decided first) refetches
 * the list as a success does.
 */
const confessionTags = [
  { type: 'ModerationQueue', id: 'confessions' },
  'ModerationStats',
  'ConfessionFeed',
  'Stats',
] as const;
const commentTags = [{ type: 'ModerationQueue', id: 'comments' }, 'ModerationStats', 'Comments'] as const;
const directMessageTags = [{ type: 'ModerationQueue', id: 'direct-messages' }, 'ModerationStats'] as const;

export type NoteInput = { id: string } & ModerationNote;

export const decisionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The Admin Panel uses the admin path; the dashboards' table uses its PUT alias (same command). */
    approveConfession: build.mutation<
      AnswerOf<typeof routes.adminApproveConfession | typeof routes.approveConfession>,
      { id: string; via: 'admin' | 'alias' }
    >({
      query: ({ id, via }) =>
        call(via === 'admin' ? routes.adminApproveConfession : routes.approveConfession, command(id)),
      invalidatesTags: confessionTags,
    }),
    rejectConfession: build.mutation({
      ...callTo(routes.rejectConfession, ({ id, ...note }: { id: string } & ConfessionRejection) => command(id, note)),
      invalidatesTags: confessionTags,
    }),
    deleteConfession: build.mutation({
      ...callTo(routes.deleteConfession, ({ id, ...note }: NoteInput) => command(id, note)),
      invalidatesTags: confessionTags,
    }),
    handleReports: build.mutation<
      AnswerOf<typeof routes.reviewReports | typeof routes.dismissReports>,
      { id: string; action: 'review' | 'dismiss' }
    >({
      query: ({ id, action }) => call(action === 'review' ? routes.reviewReports : routes.dismissReports, command(id)),
      invalidatesTags: confessionTags,
    }),
    approveComment: build.mutation({
      ...callTo(routes.approveComment, (id: string) => command(id)),
      invalidatesTags: commentTags,
    }),
    rejectComment: build.mutation({
      ...callTo(routes.rejectComment, ({ id, ...note }: NoteInput) => command(id, note)),
      invalidatesTags: commentTags,
    }),
    resolvePairingReport: build.mutation({
      ...callTo(routes.resolvePairingReport, ({ id, ...decision }: { id: string } & PairingReportDecisionInput) =>
        command(id, decision),
      ),
      invalidatesTags: [{ type: 'ModerationQueue', id: 'pairing-reports' }],
    }),
    decideDirectMessage: build.mutation({
      ...callTo(routes.decideDirectMessage, ({ id, ...decision }: { id: string } & DirectMessageDecisionInput) =>
        command(id, decision),
      ),
      invalidatesTags: directMessageTags,
    }),
  }),
});

export const {
  useApproveConfessionMutation,
  useRejectConfessionMutation,
  useDeleteConfessionMutation,
  useHandleReportsMutation,
  useApproveCommentMutation,
  useRejectCommentMutation,
  useDecideDirectMessageMutation,
  useResolvePairingReportMutation,
} = decisionsApi;
