import { type BaseQueryFn, createApi, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { type ErrorBody, sessionHeader } from '@secretchatbox/contracts';
import { storage } from './storage';

/**
 * What a failed call becomes: "status: body text" (or the status text when the body is empty), per
 * the spec, plus the per-field messages of a refused body, to show beside the fields.
 */
export type ApiError = { status: number | string; message: string; fields?: Record<string, string> };

const rawBaseQuery = fetchBaseQuery({ credentials: 'include', responseHandler: 'content-type' });

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const { error, meta } = result;
  // A body that claimed to be JSON but was not still carries the real status and text.
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (typeof status !== 'number')
    return { error: { status, message: 'error' in error ? error.error : String(status) } };
  const body = typeof error.data === 'string' ? error.data : error.data == null ? '' : JSON.stringify(error.data);
  const fields = (error.data as Partial<ErrorBody> | null)?.fields;
  return { error: { status, message: `${status}: ${body || meta?.response?.statusText || ''}`, fields } };
};

/** The server's own message inside a failed call's "status: body" text, when the body was the JSON error answer. */
export function serverMessage(error: unknown): string | undefined {
  const text = (error as Partial<ApiError> | undefined)?.message;
  if (typeof text !== 'string') return undefined;
  try {
    const body: unknown = JSON.parse(text.slice(text.indexOf(': ') + 2));
    const message = (body as Partial<ErrorBody> | null)?.message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

/** Headers carrying the visitor's or the admin's session token, when one is stored. */
export function sessionHeaders(who: 'visitor' | 'admin'): Record<string, string> {
  const token = storage.get(who === 'admin' ? 'adminSessionToken' : 'sessionToken');
  return token ? { [sessionHeader]: token } : {};
}

/**
 * The one API of the app; features inject their endpoints. Per the spec: data never goes stale,
 * no refetch on focus, no retries, unused data kept five minutes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'DailyLimit',
    'Stats',
    'College',
    'AdminSession',
    'ConfessionFeed',
    'Confession',
    'Comments',
    'ModerationQueue',
    'ModerationStats',
    'AdminAccounts',
    'ChatRooms',
  ],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
