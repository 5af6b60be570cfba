import { createAction } from '@reduxjs/toolkit';
import { type BaseQueryFn, createApi, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import {
  type AcceptedBody,
  type ErrorBody,
  type ErrorCode,
  idempotencyHeader,
  laterWritePosition,
  readAfterHeader,
  sessionHeader,
  writePositionHeader,
} from '@secretchatbox/contracts';
import { storage } from './storage';

/**
 * What a failed call becomes: "status: body text" (or the status text when the body is empty;
 * docs/product.md, Screens), plus the per-field messages of a refused body, to show beside the fields,
 * and the refusal's `code`, by which the app tells refusals apart (docs/api.md).
 */
export type ApiError = { status: number | string; message: string; fields?: Record<string, string>; code?: ErrorCode };

const rawBaseQuery = fetchBaseQuery({ credentials: 'include', responseHandler: 'content-type' });

/** The pauses before the second and third attempt of a write whose request the network lost. */
const retryDelaysMs = [500, 1000];
/** How long after a 202 the app reads again; by then the server has usually caught up. */
const rereadAfterAcceptedMs = 1500;

/** A write the server saved (202) but cannot show yet; it carries what is known of the write. */
export function isAccepted(data: unknown): data is AcceptedBody {
  return (data as Partial<AcceptedBody> | null)?.statusCode === 202;
}

// Every request of one mutation call (asVisitor's session start and its retry too) shares the
// call's abort signal, so a key kept per signal is one key per user action.
const actionKeys = new WeakMap<AbortSignal, string>();

/**
 * The request with its action's Idempotency-Key, or null for a read, which needs none. A key the
 * caller set is kept: an action the user takes again (a chat message's Retry) sends its first key.
 */
function asWrite(args: string | FetchArgs, signal: AbortSignal): FetchArgs | null {
  if (typeof args === 'string' || (args.method ?? 'GET').toUpperCase() === 'GET') return null;
  if ((args.headers as Record<string, string> | undefined)?.[idempotencyHeader]) return args;
  let key = actionKeys.get(signal);
  if (!key) actionKeys.set(signal, (key = newIdempotencyKey()));
  return { ...args, headers: { ...(args.headers as Record<string, string | undefined>), [idempotencyHeader]: key } };
}

/** A new UUID, as an Idempotency-Key. crypto.randomUUID exists only in secure contexts, and the compose setup serves plain HTTP. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request; a write whose request the network lost goes again, with the same key. */
const send: typeof rawBaseQuery = async (args, queryApi, extraOptions) => {
  const write = asWrite(args, queryApi.signal);
  if (!write) return rawBaseQuery(args, queryApi, extraOptions);
  let result = await rawBaseQuery(write, queryApi, extraOptions);
  // An HTTP error is the server's answer and is not asked again; only a lost request is.
  for (const delay of retryDelaysMs) {
    if (result.error?.status !== 'FETCH_ERROR' || queryApi.signal.aborted) break;
    await sleep(delay);
    result = await rawBaseQuery(write, queryApi, extraOptions);
  }
  return result;
};

/**
 * A call made with the admin session was refused 401: the session expired, was revoked, or its
 * account was deactivated or deleted. Carries the token that was refused.
 */
export const adminSessionRefused = createAction<string>('api/adminSessionRefused');

const sentSessionToken = (args: string | FetchArgs) =>
  typeof args === 'string' ? undefined : (args.headers as Record<string, string> | undefined)?.[sessionHeader];

/**
 * The position of the newest write this page made or was told of, which every later request
 * names, so that a cluster's instance that has not yet heard of it waits for it before answering
 * (docs/api.md).
 */
let newestWrite: string | undefined;

/** Makes every later request read at least up to `position`: a write a socket push told of. */
export function readAfter(position: string): void {
  newestWrite = laterWritePosition(newestWrite, position);
}

function afterNewestWrite(args: string | FetchArgs): string | FetchArgs {
  if (newestWrite === undefined) return args;
  const request = typeof args === 'string' ? { url: args } : args;
  return {
    ...request,
    headers: { ...(request.headers as Record<string, string | undefined>), [readAfterHeader]: newestWrite },
  };
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const result = await send(afterNewestWrite(args), queryApi, extraOptions);
  const written = result.meta?.response?.headers.get(writePositionHeader);
  if (written) readAfter(written);
  const token = sentSessionToken(args);
  if (result.error?.status === 401 && token && token === storage.get('adminSessionToken')) {
    queryApi.dispatch(adminSessionRefused(token));
  }
  if (!result.error) {
    if (isAccepted(result.data)) {
      const reread = () => queryApi.dispatch(api.util.invalidateTags(rereadAfterAccepted));
      setTimeout(reread, rereadAfterAcceptedMs);
    }
    return { data: result.data, meta: result.meta };
  }
  const { error, meta } = result;
  // A body that claimed to be JSON but was not still carries the real status and text.
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (typeof status !== 'number')
    return { error: { status, message: 'error' in error ? error.error : String(status) } };
  const body = typeof error.data === 'string' ? error.data : error.data == null ? '' : JSON.stringify(error.data);
  const { fields, code } = (error.data as Partial<ErrorBody> | null) ?? {};
  return { error: { status, message: `${status}: ${body || meta?.response?.statusText || ''}`, fields, code } };
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

const tagTypes = [
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
  'ChatHistory',
  'ModeratedChat',
  'DirectMessages',
  'AuditLog',
  'AuditChain',
] as const;

/*
 * What is read again after a 202: everything on screen, since a write's own tags can leave out
 * lists it patched in place (the like). Not who is signed in: only signing in and out change that,
 * and they set it themselves, while asking a lagging server would sign a new admin out.
 */
const rereadAfterAccepted = tagTypes.filter((tag) => tag !== 'AdminSession');

/**
 * The one API of the app; features inject their endpoints (docs/product.md, Screens): data never goes stale,
 * no refetch on focus, no retries of reads, unused data kept five minutes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
