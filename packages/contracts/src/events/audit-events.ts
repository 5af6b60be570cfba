import type { Event } from './event.js';

/** One moderation event's place in the chain: `hash` = SHA-256(previous hash + canonical form of the event). */
export type AuditChainLink = Readonly<{ eventId: string; hash: string }>;

/**
 * The tamper-evident chain grows by these, in its one stream, written by one leased writer that
 * follows the log: links `firstLink`, `firstLink + 1`, ... (counted from 1) for the moderation
 * events up to `through`, the log position (formatted) of the last one.
 */
export type AuditChainExtended = Event<
  'AuditChainExtended',
  { firstLink: number; links: readonly AuditChainLink[]; through: string }
>;

/** The filters an audit export was asked with; absent ones were not used. */
export type AuditLogFilters = Readonly<{
  collegeCode?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}>;

/** An export of the moderation log (the actor is the event's): exports are audited too. */
export type AuditLogExported = Event<
  'AuditLogExported',
  { exportId: string; adminId: string; format: 'csv' | 'json'; filters: AuditLogFilters; rowCount: number }
>;
