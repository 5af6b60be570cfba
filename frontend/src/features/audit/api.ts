import { type AnswerOf, type AuditTarget, type ModerationAction, routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { call, type CallParts, callTo } from '../../lib/calls';

/** The moderation log's filters as the screen holds them; empty ones are not sent. */
export type AuditFilters = {
  collegeCode?: string;
  actor?: string;
  action?: ModerationAction;
  from?: string;
  to?: string;
};

/** A call with the admin session, and a query of the filters that are set. */
const asAdmin = (query: Record<string, string | number | undefined> = {}, path?: AuditTarget): CallParts => ({
  path,
  query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
  headers: sessionHeaders('admin'),
});

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The log for the filters, newest first, a page of 50 at a time (each next page after the last's cursor). */
    getAuditLog: build.infiniteQuery<AnswerOf<typeof routes.auditLog>, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        call(routes.auditLog, asAdmin({ ...queryArg, cursor: pageParam ?? undefined, limit: 50 })),
      providesTags: ['AuditLog'],
    }),
    /** An item's events, oldest first, a page of 500 at a time (each next page after the last's cursor). */
    getAuditHistory: build.infiniteQuery<AnswerOf<typeof routes.auditHistory>, AuditTarget, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        call(routes.auditHistory, asAdmin({ cursor: pageParam ?? undefined, limit: 500 }, queryArg)),
      providesTags: ['AuditLog'],
    }),
    getAuditState: build.query({
      ...callTo(routes.auditState, ({ at, ...target }: AuditTarget & { at?: string }) => asAdmin({ at }, target)),
      providesTags: ['AuditLog'],
    }),
    getAuditQueues: build.query({
      ...callTo(routes.auditQueues, (args: { at: string; collegeCode?: string }) => asAdmin(args)),
      providesTags: ['AuditLog'],
    }),
    getChainStatus: build.query({
      ...callTo(routes.auditVerify, () => asAdmin()),
      providesTags: ['AuditChain'],
    }),
    getAuditMetrics: build.query({
      ...callTo(routes.auditMetrics, (args: { from: string; to: string; collegeCode?: string }) => asAdmin(args)),
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useGetAuditLogInfiniteQuery,
  useGetAuditHistoryInfiniteQuery,
  useGetAuditStateQuery,
  useGetAuditQueuesQuery,
  useGetChainStatusQuery,
  useGetAuditMetricsQuery,
} = auditApi;

/**
 * Downloads an export: the file comes from an authenticated request (the session travels in a
 * header), so it is fetched and handed to the browser as a file. The export is recorded in the log.
 */
export async function downloadAuditExport(format: 'csv' | 'json', filters: AuditFilters): Promise<void> {
  const { query, headers } = asAdmin({ ...filters, format });
  const response = await fetch(`${routes.auditExport.path}?${new URLSearchParams(query as Record<string, string>)}`, {
    headers,
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `moderation-log.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
