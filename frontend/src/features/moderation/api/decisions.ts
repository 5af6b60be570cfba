import {
  apiPaths,
  type ConfessionRejection,
  type DeletionResult,
  type DirectMessageDecisionInput,
  type ModerationNote,
  type ModerationResult,
  type PairingReportDecisionInput,
  type PairingReportResult,
  pathTo,
  type ReportHandling,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';

type Method = 'POST' | 'PUT' | 'DELETE';

/** A moderator's command on one item: the admin session, and always a JSON body (`{}` when empty). */
const command = (path: string, id: string, method: Method, body: object = {}) => ({
  url: pathTo(path, { id }),
  method,
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
    approveConfession: build.mutation<ModerationResult, { id: string; via: 'admin' | 'alias' }>({
      query: ({ id, via }) =>
        via === 'admin'
          ? command(apiPaths.adminApproveConfession, id, 'POST')
          : command(apiPaths.approveConfession, id, 'PUT'),
      invalidatesTags: confessionTags,
    }),
    rejectConfession: build.mutation<ModerationResult, { id: string } & ConfessionRejection>({
      query: ({ id, ...note }) => command(apiPaths.rejectConfession, id, 'PUT', note),
      invalidatesTags: confessionTags,
    }),
    deleteConfession: build.mutation<DeletionResult, NoteInput>({
      query: ({ id, ...note }) => command(apiPaths.adminConfession, id, 'DELETE', note),
      invalidatesTags: confessionTags,
    }),
    handleReports: build.mutation<ReportHandling, { id: string; action: 'review' | 'dismiss' }>({
      query: ({ id, action }) =>
        command(action === 'review' ? apiPaths.reviewReports : apiPaths.dismissReports, id, 'PUT'),
      invalidatesTags: confessionTags,
    }),
    approveComment: build.mutation<ModerationResult, string>({
      query: (id) => command(apiPaths.approveComment, id, 'PUT'),
      invalidatesTags: commentTags,
    }),
    rejectComment: build.mutation<ModerationResult, NoteInput>({
      query: ({ id, ...note }) => command(apiPaths.rejectComment, id, 'PUT', note),
      invalidatesTags: commentTags,
    }),
    resolvePairingReport: build.mutation<PairingReportResult, { id: string } & PairingReportDecisionInput>({
      query: ({ id, ...decision }) => command(apiPaths.resolvePairingReport, id, 'POST', decision),
      invalidatesTags: [{ type: 'ModerationQueue', id: 'pairing-reports' }],
    }),
    decideDirectMessage: build.mutation<ModerationResult, { id: string } & DirectMessageDecisionInput>({
      query: ({ id, ...decision }) => command(apiPaths.decideDirectMessage, id, 'POST', decision),
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
