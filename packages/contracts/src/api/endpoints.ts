import { z } from 'zod';
import type { AdminRole } from '../events/event.js';
import { type RateLimitRule, rateLimits } from '../rules/limits.js';
import {
  adminStatusSchema,
  auditExportQuerySchema,
  auditHistoryQuerySchema,
  auditLogQuerySchema,
  auditMetricsQuerySchema,
  auditQueuesQuerySchema,
  auditStateQuerySchema,
  chatHistoryQuerySchema,
  chatMessageSchema,
  collegeConfessionsQuerySchema,
  commentSubmissionSchema,
  confessionRejectionSchema,
  confessionSubmissionSchema,
  createAdminSchema,
  createRoomSchema,
  directMessageDecisionSchema,
  directMessageSchema,
  emptyBodySchema,
  featuredQuerySchema,
  feedQuerySchema,
  loginRequestSchema,
  moderationNoteSchema,
  moderatedChatQuerySchema,
  moderationQuerySchema,
  pairingReportDecisionSchema,
  renameRoomSchema,
  reportSchema,
  roomsQuerySchema,
  statsQuerySchema,
  updateAdminSchema,
} from '../rules/schemas.js';
import * as answers from './answers.js';
import * as auditAnswers from './audit.js';
import { type EndpointName, type RouteFacts, routeFacts } from './routes.js';

/** `visitor-or-admin`: either kind of session token; an admin's writes are marked as a moderator's. */
export type Auth = 'none' | 'visitor' | 'visitor-optional' | 'visitor-or-admin' | 'admin';

export type EndpointContract = RouteFacts &
  Readonly<{
    summary: string;
    auth: Auth;
    body?: z.ZodType;
    query?: z.ZodType;
    /** What a success answers (the status of its route); none for an answer without a body. */
    response?: z.ZodType;
    /** The answer's media types when it is a file rather than JSON. */
    produces?: readonly string[];
    /** Requests allowed per network in a window; more get 429 with Retry-After. */
    rateLimit?: RateLimitRule;
    /** For `admin` and `visitor-or-admin` endpoints, the roles an admin needs (every role when absent); others get 403. */
    roles?: readonly AdminRole[];
  }>;

/** What an endpoint of this contract answers on success; nothing when it declares no response. */
export type Answered<Contract extends EndpointContract> = Contract extends { response: infer Schema extends z.ZodType }
  ? z.output<Schema>
  : void;

/**
 * Who may call what (docs/product.md, Roles). College-scoped roles are further limited to their own
 * college's items by each use case.
 */
export const roleSets = {
  moderators: ['normal', 'college', 'chief'],
  readers: ['normal', 'college', 'chief', 'auditor'],
  accountManagers: ['college', 'chief'],
  roomManagers: ['college', 'chief'],
  /** The audit tools: auditors and the chief over every college, a college admin over its own. */
  auditors: ['college', 'chief', 'auditor'],
} as const satisfies Record<string, readonly AdminRole[]>;

/**
 * Every HTTP endpoint, defined once on its route (routes.ts): the backend routes, validates and
 * types its answers from it, the OpenAPI document is generated from it, and the frontend calls
 * the same routes, typed with the same answers.
 */
export const endpoints = {
  listColleges: {
    ...routeFacts.listColleges,
    summary: 'List colleges',
    auth: 'none',
    response: z.array(answers.college),
  },
  listChatRooms: {
    ...routeFacts.listChatRooms,
    summary: "List a college's chat rooms",
    auth: 'none',
    query: roomsQuerySchema,
    response: z.array(answers.chatRoom),
  },
  startSession: {
    ...routeFacts.startSession,
    summary: 'Start an anonymous visitor session',
    auth: 'none',
    body: emptyBodySchema,
    rateLimit: rateLimits.sessionCreation,
    response: answers.sessionCreated,
  },
  getSession: {
    ...routeFacts.getSession,
    summary: "The caller's public session view",
    auth: 'visitor',
    response: answers.sessionView,
  },
  getDailyLimit: {
    ...routeFacts.getDailyLimit,
    summary: "The caller's confession quota and chat allowance for today",
    auth: 'visitor-optional',
    response: answers.dailyLimit,
  },
  login: {
    ...routeFacts.login,
    summary: 'Admin sign-in',
    auth: 'none',
    body: loginRequestSchema,
    rateLimit: rateLimits.login,
    response: answers.loginResponse,
  },
  me: {
    ...routeFacts.me,
    summary: 'The signed-in admin',
    auth: 'admin',
    response: answers.authUser,
  },
  logout: {
    ...routeFacts.logout,
    summary: 'Revoke the admin session',
    auth: 'admin',
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.loggedOut,
  },
  submitConfession: {
    ...routeFacts.submitConfession,
    summary: 'Submit a confession for moderation; counts against the daily quota',
    auth: 'visitor',
    body: confessionSubmissionSchema,
    rateLimit: rateLimits.confessions,
    response: answers.confessionSubmitted201,
  },
  listConfessions: {
    ...routeFacts.listConfessions,
    summary: 'Approved confessions, newest or most liked first, a page at a time',
    auth: 'visitor-optional',
    query: feedQuerySchema,
    response: answers.confessionPage,
  },
  listCollegeConfessions: {
    ...routeFacts.listCollegeConfessions,
    summary: "A college's confessions in every status (or only pending), with report counts, for moderators",
    auth: 'admin',
    roles: roleSets.readers,
    query: collegeConfessionsQuerySchema,
    response: z.array(answers.moderatedConfession),
  },
  featuredConfession: {
    ...routeFacts.featuredConfession,
    summary:
      'Daily Featured: the most liked approved confession of the last 24 hours (else the newest), of a college and category',
    auth: 'visitor-optional',
    query: featuredQuerySchema,
    response: answers.featuredConfession,
  },
  getConfession: {
    ...routeFacts.getConfession,
    summary: 'One approved confession',
    auth: 'visitor-optional',
    response: answers.confessionItem,
  },
  adminApproveConfession: {
    ...routeFacts.adminApproveConfession,
    summary: 'Approve a pending confession',
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  approveConfession: {
    ...routeFacts.approveConfession,
    summary: 'Approve a pending confession (alias)',
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  rejectConfession: {
    ...routeFacts.rejectConfession,
    summary:
      'Reject a pending confession, or take down a published one (takeDown), with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: confessionRejectionSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  likeConfession: {
    ...routeFacts.likeConfession,
    summary: 'Like an approved confession, or take the like back; one like per visitor',
    auth: 'visitor',
    body: emptyBodySchema,
    rateLimit: rateLimits.likes,
    response: answers.likeResult,
  },
  submitComment: {
    ...routeFacts.submitComment,
    summary: 'Comment on an approved confession; shown once a moderator approves it',
    auth: 'visitor',
    body: commentSubmissionSchema,
    rateLimit: rateLimits.comments,
    response: answers.commentSubmitted201,
  },
  listComments: {
    ...routeFacts.listComments,
    summary: "An approved confession's approved comments, oldest first",
    auth: 'none',
    response: z.array(answers.commentItem),
  },
  approveComment: {
    ...routeFacts.approveComment,
    summary: 'Approve a pending comment',
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  rejectComment: {
    ...routeFacts.rejectComment,
    summary: 'Reject a pending comment, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: moderationNoteSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  reportConfession: {
    ...routeFacts.reportConfession,
    summary: 'Report a confession to the moderators; one report per visitor',
    auth: 'visitor',
    body: reportSchema,
    rateLimit: rateLimits.reports,
    response: answers.reportReceived,
  },
  deleteConfession: {
    ...routeFacts.deleteConfession,
    summary: 'Delete a confession in any status, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: moderationNoteSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.deletionResult,
  },
  listPendingConfessions: {
    ...routeFacts.listPendingConfessions,
    summary: 'Confessions waiting for a decision, oldest first',
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    response: z.array(answers.moderatedConfession),
  },
  reviewReports: {
    ...routeFacts.reviewReports,
    summary: "Mark a confession's reports reviewed: the count stays, it leaves the reported queue",
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.reportHandling,
  },
  dismissReports: {
    ...routeFacts.dismissReports,
    summary: "Dismiss a confession's reports: the count goes to 0 and a hidden confession shows again",
    auth: 'admin',
    roles: roleSets.moderators,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.reportHandling,
  },
  listPendingComments: {
    ...routeFacts.listPendingComments,
    summary: 'Comments waiting for a decision, oldest first',
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    response: z.array(answers.moderatedComment),
  },
  sendDirectMessage: {
    ...routeFacts.sendDirectMessage,
    summary: "Send a direct message to another visitor; it waits for a moderator of the sender's college",
    auth: 'visitor',
    body: directMessageSchema,
    rateLimit: rateLimits.directMessages,
    response: answers.directMessageSent201,
  },
  listDirectMessages: {
    ...routeFacts.listDirectMessages,
    summary:
      "The caller's direct messages, newest first: every one sent, with its status, and the approved ones received",
    auth: 'visitor',
    response: z.array(answers.directMessage),
  },
  listPendingDirectMessages: {
    ...routeFacts.listPendingDirectMessages,
    summary: "Direct messages waiting for a decision, by the sender's college, oldest first",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    response: z.array(answers.moderatedDirectMessage),
  },
  decideDirectMessage: {
    ...routeFacts.decideDirectMessage,
    summary: 'Approve or reject a pending direct message, with an optional note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: directMessageDecisionSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.moderationResult,
  },
  listPairingReports: {
    ...routeFacts.listPairingReports,
    summary: "Open reports of random pairs, by the pair's college, oldest first, with the pair's last messages",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    response: z.array(answers.pairingReportItem),
  },
  resolvePairingReport: {
    ...routeFacts.resolvePairingReport,
    summary: 'Dismiss a pairing report or warn the reported visitor, with an optional note; the first decision stands',
    auth: 'admin',
    roles: roleSets.moderators,
    body: pairingReportDecisionSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.pairingReportResult,
  },
  moderationStats: {
    ...routeFacts.moderationStats,
    summary: "The dashboards' figures for one college, or every college",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderationQuerySchema,
    response: answers.moderationStats,
  },
  listAdmins: {
    ...routeFacts.listAdmins,
    summary: 'Admin accounts: every account for the chief, its normal admins for a college admin',
    auth: 'admin',
    roles: roleSets.accountManagers,
    response: z.array(answers.adminAccountView),
  },
  createAdmin: {
    ...routeFacts.createAdmin,
    summary: 'Create an admin account',
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: createAdminSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.adminAccountView,
  },
  updateAdmin: {
    ...routeFacts.updateAdmin,
    summary: "Change an admin account's college",
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: updateAdminSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.adminAccountView,
  },
  setAdminStatus: {
    ...routeFacts.setAdminStatus,
    summary: 'Activate or deactivate an admin account; deactivation ends its sessions',
    auth: 'admin',
    roles: roleSets.accountManagers,
    body: adminStatusSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.adminAccountView,
  },
  deleteAdmin: {
    ...routeFacts.deleteAdmin,
    summary: 'Delete an admin account and end its sessions',
    auth: 'admin',
    roles: roleSets.accountManagers,
    rateLimit: rateLimits.adminWrites,
    response: answers.deletionResult,
  },
  createChatRoom: {
    ...routeFacts.createChatRoom,
    summary: 'Add a chat room to a college',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: createRoomSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.chatRoom,
  },
  renameChatRoom: {
    ...routeFacts.renameChatRoom,
    summary: 'Rename a chat room',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: renameRoomSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.chatRoom,
  },
  archiveChatRoom: {
    ...routeFacts.archiveChatRoom,
    summary: 'Archive a chat room: it leaves the room list',
    auth: 'admin',
    roles: roleSets.roomManagers,
    body: emptyBodySchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.chatRoom,
  },
  listChatMessages: {
    ...routeFacts.listChatMessages,
    summary: "A room's latest messages, oldest first within the page; nextCursor gives the page before",
    auth: 'none',
    query: chatHistoryQuerySchema,
    response: answers.chatMessagePage,
  },
  postChatMessage: {
    ...routeFacts.postChatMessage,
    summary: 'Say something in a chat room, as a visitor or a moderator of its college, each within a chat allowance',
    auth: 'visitor-or-admin',
    roles: roleSets.moderators,
    body: chatMessageSchema,
    rateLimit: rateLimits.chatMessages,
    response: answers.chatMessage,
  },
  listModeratedChatMessages: {
    ...routeFacts.listModeratedChatMessages,
    summary: "A room's recent messages with their senders' chat pseudonyms, newest page first",
    auth: 'admin',
    roles: roleSets.readers,
    query: moderatedChatQuerySchema,
    response: answers.moderatedChatMessagePage,
  },
  removeChatMessage: {
    ...routeFacts.removeChatMessage,
    summary: 'Remove a chat message from its room, with an optional reason code and note',
    auth: 'admin',
    roles: roleSets.moderators,
    body: moderationNoteSchema,
    rateLimit: rateLimits.adminWrites,
    response: answers.chatMessageRemoval,
  },
  getStats: {
    ...routeFacts.getStats,
    summary: "Platform figures from the read models: every college's, or one college's",
    auth: 'none',
    query: statsQuerySchema,
    response: answers.platformStats,
  },
  auditLog: {
    ...routeFacts.auditLog,
    summary: 'The moderation log, newest first, by college, moderator, action and time; each entry with its chain hash',
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditLogQuerySchema,
    response: auditAnswers.auditLogPage,
  },
  auditExport: {
    ...routeFacts.auditExport,
    summary:
      "The moderation log's entries for the filters, as CSV or JSON, ending with the chain head; recorded as an event",
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditExportQuerySchema,
    rateLimit: rateLimits.auditScans,
    response: auditAnswers.auditExportFile,
    produces: ['text/csv', 'application/json'],
  },
  auditHistory: {
    ...routeFacts.auditHistory,
    summary: 'Every event of one item, oldest first, deleted items included',
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditHistoryQuerySchema,
    response: auditAnswers.auditHistoryPage,
  },
  auditState: {
    ...routeFacts.auditState,
    summary: "An item's state as of a moment (now when `at` is absent), folded from its events",
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditStateQuerySchema,
    response: auditAnswers.auditItemState,
  },
  auditQueues: {
    ...routeFacts.auditQueues,
    summary: 'The moderation queues as they stood at a moment, from the events',
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditQueuesQuerySchema,
    response: auditAnswers.auditQueues,
  },
  auditVerify: {
    ...routeFacts.auditVerify,
    summary: 'Recomputes the tamper-evident chain: intact with its head, or the first broken link',
    auth: 'admin',
    roles: roleSets.auditors,
    rateLimit: rateLimits.auditScans,
    response: auditAnswers.auditChainStatus,
  },
  auditMetrics: {
    ...routeFacts.auditMetrics,
    summary: 'Moderation volume per day by action, and decision times (p50, p90), per college',
    auth: 'admin',
    roles: roleSets.auditors,
    query: auditMetricsQuerySchema,
    response: auditAnswers.auditMetrics,
  },
} as const satisfies { readonly [Name in EndpointName]: EndpointContract & (typeof routeFacts)[Name] };
