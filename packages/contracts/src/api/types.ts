import type { ErrorCode } from '../rules/error-codes.js';

/** Every error answer; `code` is the refusal's kind, for clients to tell refusals apart (docs/api.md). */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
};

/**
 * A write that was stored but whose read models had not caught up when the server stopped waiting
 * (202): it is not lost, and reads show it shortly. `position` is where the write sits in the log;
 * what else is known of the write (an `id`, a session) comes alongside.
 */
export type AcceptedBody = {
  statusCode: 202;
  message: string;
  position: string;
  [known: string]: unknown;
};

export type HealthReport = {
  /** `draining`: the instance has been told to stop (SIGTERM) and finishes what it has. */
  status: 'ok' | 'unavailable' | 'draining';
  checks: {
    eventStore: { ok: boolean; error?: string };
    projections: { ok: boolean; maxLagMs?: number; lagMs: Record<string, number>; error?: string };
    /** In Redis mode (REDIS_URL) only. */
    redis?: { ok: boolean; error?: string };
  };
};
