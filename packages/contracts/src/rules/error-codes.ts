/**
 * The kind of every error answer, in its `code`, with the HTTP status it comes with. A client
 * tells refusals apart by `code`, which stays as it is; the message is for people and may be
 * reworded. docs/api.md says when each is given.
 */
export const errorStatuses = {
  /** A body, query or parameter the endpoint does not take; `fields` names each one at fault. */
  validation_failed: 400,
  /** A request the server cannot read at all: not JSON, a malformed header. */
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  /** The item is not in a state that allows it (already decided, already taken). */
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A daily allowance is used up; `Retry-After` says when the quota day ends. */
  daily_limit_reached: 429,
  /** Too many requests in a short time; `Retry-After` says when to try again. */
  rate_limited: 429,
  internal_error: 500,
  /** What the answer needs cannot be reached now; nothing was done. */
  briefly_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatuses;

export const errorCodes = Object.keys(errorStatuses) as ErrorCode[];
