import {
  apiPaths,
  type AuditChainStatus,
  type AuditHistoryPage,
  type AuditItemState,
  type AuditLogPage,
  type AuditMetrics,
  type AuditQueues,
  type AuditTarget,
  type ModerationAction,
  pathTo,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';

/** The moderation log's filters as the screen holds them; empty ones are not sent. */
export type AuditFilters = {
  collegeCode?: string;
  actor?: string;
  action?: ModerationAction;
  from?: string;
  to?: string;
};

const asAdmin = (url: string, params: Record<string, string | number | undefined> = {}) => ({
  url,
  params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')),
  headers: sessionHeaders('admin'),
});

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The log for the filters, newest first, a page of 50 at a time (each next page after the last's cursor). */
    getAuditLog: build.infiniteQuery<AuditLogPage, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        asAdmin(apiPaths.auditLog, { ...queryArg, cursor: pageParam ?? undefined, limit: 50 }),
      providesTags: ['AuditLog'],
    }),
    /** An item's events, oldest first, a page of 500 at a time (each next page after the last's cursor). */
    getAuditHistory: build.infiniteQuery<AuditHistoryPage, AuditTarget, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        asAdmin(pathTo(apiPaths.auditHistory, queryArg), { cursor: pageParam ?? undefined, limit: 500 }),
      providesTags: ['AuditLog'],
    }),
    getAuditState: build.query<AuditItemState, AuditTarget & { at?: string }>({
      query: ({ at, ...target }) => asAdmin(pathTo(apiPaths.auditState, target), { at }),
      providesTags: ['AuditLog'],
    }),
    getAuditQueues: build.query<AuditQueues, { at: string; collegeCode?: string }>({
      query: (args) => asAdmin(apiPaths.auditQueues, args),
      providesTags: ['AuditLog'],
    }),
    getChainStatus: build.query<AuditChainStatus, void>({
      query: () => asAdmin(apiPaths.auditVerify),
      providesTags: ['AuditChain'],
    }),
    getAuditMetrics: build.query<AuditMetrics, { from: string; to: string; collegeCode?: string }>({
      query: (args) => asAdmin(apiPaths.auditMetrics, args),
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
  const { params, headers } = asAdmin(apiPaths.auditExport, { ...filters, format });
  const response = await fetch(`${apiPaths.auditExport}?${new URLSearchParams(params as Record<string, string>)}`, {
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
