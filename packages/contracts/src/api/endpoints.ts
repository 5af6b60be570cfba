import type { z } from 'zod';
import { type RateLimitRule, rateLimits } from '../rules/limits.js';
import {
  commentSubmissionSchema,
  confessionSubmissionSchema,
  emptyBodySchema,
  feedQuerySchema,
  loginRequestSchema,
  moderationNoteSchema,
  reportSchema,
  roomsQuerySchema,
} from '../rules/schemas.js';
import { apiPaths } from './paths.js';

export type Auth = 'none' | 'visitor' | 'visitor-optional' | 'admin';

export type EndpointContract = Readonly<{
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path (`:id`), relative to the server root. */
  path: string;
  summary: string;
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Success status code. */
  status: number;
  /** Requests allowed per network in a window; more get 429 with Retry-After. */
  rateLimit?: RateLimitRule;
}>;

/**
 * Every HTTP endpoint, defined once: the backend routes and validates from it, the OpenAPI
 * document is generated from it, and the frontend calls the same paths.
 */
export const endpoints = {
  listColleges: { method: 'GET', path: apiPaths.colleges, summary: 'List colleges', auth: 'none', status: 200 },
  listChatRooms: {
    method: 'GET',
    path: apiPaths.chatRooms,
    summary: "List a college's chat rooms",
    auth: 'none',
    query: roomsQuerySchema,
    status: 200,
  },
  startSession: {
    method: 'POST',
    path: apiPaths.session,
    summary: 'Start an anonymous visitor session',
    auth: 'none',
    body: emptyBodySchema,
    status: 201,
    rateLimit: rateLimits.sessionCreation,
  },
  getSession: {
    method: 'GET',
    path: apiPaths.session,
    summary: "The caller's public session view",
    auth: 'visitor',
    status: 200,
  },
  getDailyLimit: {
    method: 'GET',
    path: apiPaths.dailyLimit,
    summary: "The caller's confession quota and chat allowance for today",
    auth: 'visitor-optional',
    status: 200,
  },
  login: {
    method: 'POST',
    path: apiPaths.login,
    summary: 'Admin sign-in',
    auth: 'none',
    body: loginRequestSchema,
    status: 200,
    rateLimit: rateLimits.login,
  },
  me: { method: 'GET', path: apiPaths.me, summary: 'The signed-in admin', auth: 'admin', status: 200 },
  logout: {
    method: 'POST',
    path: apiPaths.logout,
    summary: 'Revoke the admin session',
    auth: 'admin',
    body: emptyBodySchema,
    status: 200,
  },
  submitConfession: {
    method: 'POST',
    path: apiPaths.confessions,
    summary: 'Submit a confession for moderation; counts against the daily quota',
    auth: 'visitor',
    body: confessionSubmissionSchema,
    status: 201,
  },
  listConfessions: {
    method: 'GET',
    path: apiPaths.confessions,
    summary: 'Approved confessions, newest or most liked first, a page at a time',
    auth: 'visitor-optional',
    query: feedQuerySchema,
    status: 200,
  },
  listCollegeConfessions: {
    method: 'GET',
    path: apiPaths.collegeConfessions,
    summary: "A college's confessions in every status, with report counts, for moderators",
    auth: 'admin',
    status: 200,
  },
  getConfession: {
    method: 'GET',
    path: apiPaths.confession,
    summary: 'One approved confession',
    auth: 'visitor-optional',
    status: 200,
  },
  adminApproveConfession: {
    method: 'POST',
    path: apiPaths.adminApproveConfession,
    summary: 'Approve a pending confession',
    auth: 'admin',
    body: emptyBodySchema,
    status: 200,
  },
  approveConfession: {
    method: 'PUT',
    path: apiPaths.approveConfession,
    summary: 'Approve a pending confession (alias)',
    auth: 'admin',
    body: emptyBodySchema,
    status: 200,
  },
  rejectConfession: {
    method: 'PUT',
    path: apiPaths.rejectConfession,
    summary: 'Reject a pending confession, with an optional reason code and note',
    auth: 'admin',
    body: moderationNoteSchema,
    status: 200,
  },
  likeConfession: {
    method: 'POST',
    path: apiPaths.likeConfession,
    summary: 'Like an approved confession, or take the like back; one like per visitor',
    auth: 'visitor',
    body: emptyBodySchema,
    status: 200,
  },
  submitComment: {
    method: 'POST',
    path: apiPaths.comments,
    summary: 'Comment on an approved confession; shown once a moderator approves it',
    auth: 'visitor',
    body: commentSubmissionSchema,
    status: 201,
    rateLimit: rateLimits.comments,
  },
  listComments: {
    method: 'GET',
    path: apiPaths.comments,
    summary: "An approved confession's approved comments, oldest first",
    auth: 'none',
    status: 200,
  },
  approveComment: {
    method: 'PUT',
    path: apiPaths.approveComment,
    summary: 'Approve a pending comment',
    auth: 'admin',
    body: emptyBodySchema,
    status: 200,
  },
  rejectComment: {
    method: 'PUT',
    path: apiPaths.rejectComment,
    summary: 'Reject a pending comment, with an optional reason code and note',
    auth: 'admin',
    body: moderationNoteSchema,
    status: 200,
  },
  reportConfession: {
    method: 'POST',
    path: apiPaths.reportConfession,
    summary: 'Report a confession to the moderators; one report per visitor',
    auth: 'visitor',
    body: reportSchema,
    status: 201,
    rateLimit: rateLimits.reports,
  },
  getStats: {
    method: 'GET',
    path: apiPaths.stats,
    summary: 'Platform figures from the read models',
    auth: 'none',
    status: 200,
  },
} as const satisfies Record<string, EndpointContract>;

export type EndpointName = keyof typeof endpoints;
