import type { z } from 'zod';
import type { AdminRole } from '../events/event.js';
import { type RateLimitRule, rateLimits } from '../rules/limits.js';
import {
  adminStatusSchema,
  collegeConfessionsQuerySchema,
  commentSubmissionSchema,
  confessionSubmissionSchema,
  createAdminSchema,
  createRoomSchema,
  directMessageDecisionSchema,
  emptyBodySchema,
  feedQuerySchema,
  loginRequestSchema,
  moderationNoteSchema,
  moderationQuerySchema,
  renameRoomSchema,
  reportSchema,
  roomsQuerySchema,
  updateAdminSchema,
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
  /** For `admin` endpoints, the roles allowed (every role when absent); others get 403. */
  roles?: readonly AdminRole[];
}>;

/**
 * Who may call what (brief section 4). College-scoped roles are further limited to their own
 * college's items by each use case.
 */
export const roleSets = {
  moderators: ['normal', 'college', 'chief'],
  readers: ['normal', 'college', 'chief', 'auditor'],
  accountManagers: ['college', 'chief'],
  roomManagers: ['college', 'chief'],
} as const satisfies Record<string, readonly AdminRole[]>;

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
    summary: "A college's confessions in every status (or only pending), with report counts, for moderators",
    auth: 'admin',
    roles: roleSets.readers,
    query: collegeConfessionsQuerySchema,
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
    roles: roleSets.moderators,
    body: emptyBodySchema,
    status: 200,
  },
  approveConfession: {
    method: 'PUT',
    path: apiPaths.approveConfession,
    summary: 'Approve a pending confession (alias)',
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    status: 200,
  },
  rejectConfession: {
    method: 'PUT',
    path: apiPaths.rejectConfession,
    summary: 'Reject a pending confession, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
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
    roles: roleSets.moderators,
    body: emptyBodySchema,
    status: 200,
  },
  rejectComment: {
    method: 'PUT',
    path: apiPaths.rejectComment,
    summary: 'Reject a pending comment, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
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
  deleteConfession: {
    method: 'DELETE',
    path: apiPaths.adminConfession,
    summary: 'Delete a confession in any status, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: moderationNoteSchema,
    status: 200,
  },
  listPendingConfessions: {
    method: 'GET',
    path: apiPaths.pendingConfessions,
    summary: 'Confessions waiting for a decision, oldest first',
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    status: 200,
  },
  reviewReports: {
    method: 'PUT',
    path: apiPaths.reviewReports,
    summary: "Mark a confession's reports reviewed: the count stays, it leaves the reported queue",
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    status: 200,
  },
  dismissReports: {
    method: 'PUT',
    path: apiPaths.dismissReports,
    summary: "Dismiss a confession's reports: the count goes to 0 and a hidden confession shows again",
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    status: 200,
  },
  listPendingComments: {
    method: 'GET',
    path: apiPaths.pendingComments,
    summary: 'Comments waiting for a decision, oldest first',
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    status: 200,
  },
  listPendingDirectMessages: {
    method: 'GET',
    path: apiPaths.pendingDirectMessages,
    summary: "Direct messages waiting for a decision, by the sender's college, oldest first",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    status: 200,
  },
  decideDirectMessage: {
    method: 'POST',
    path: apiPaths.decideDirectMessage,
    summary: 'Approve or reject a pending direct message, with an optional note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: directMessageDecisionSchema,
    status: 200,
  },
  moderationStats: {
    method: 'GET',
    path: apiPaths.moderationStats,
    summary: "The dashboards' figures for one college, or every college",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    status: 200,
  },
  listAdmins: {
    method: 'GET',
    path: apiPaths.admins,
    summary: 'Admin accounts: every account for the chief, its normal admins for a college admin',
    auth: 'admin',
    roles: roleSets.accountManagers,
    status: 200,
  },
  createAdmin: {
    method: 'POST',
    path: apiPaths.admins,
    summary: 'Create an admin account',
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: createAdminSchema,
    status: 201,
  },
  updateAdmin: {
    method: 'PUT',
    path: apiPaths.admin,
    summary: "Change an admin account's college",
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: updateAdminSchema,
    status: 200,
  },
  setAdminStatus: {
    method: 'PUT',
    path: apiPaths.adminStatus,
    summary: 'Activate or deactivate an admin account; deactivation ends its sessions',
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: adminStatusSchema,
    status: 200,
  },
  deleteAdmin: {
    method: 'DELETE',
    path: apiPaths.admin,
    summary: 'Delete an admin account and end its sessions',
    auth: 'admin',
    roles: roleSets.accountManagers,
    status: 200,
  },
  createChatRoom: {
    method: 'POST',
    path: apiPaths.chatRooms,
    summary: 'Add a chat room to a college',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: createRoomSchema,
    status: 201,
  },
  renameChatRoom: {
    method: 'PUT',
    path: apiPaths.chatRoom,
    summary: 'Rename a chat room',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: renameRoomSchema,
    status: 200,
  },
  archiveChatRoom: {
    method: 'PUT',
    path: apiPaths.archiveChatRoom,
    summary: 'Archive a chat room: it leaves the room list',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: emptyBodySchema,
    status: 200,
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
