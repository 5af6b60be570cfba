import type { Answered, endpoints } from './endpoints.js';
import { apiPaths } from './paths.js';

/** Where an endpoint is reached (an Express-style path, `:id`, from the server root) and its success status. */
export type RouteFacts = Readonly<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; status: number }>;

/**
 * Every endpoint's route, declared once: endpoints.ts builds each endpoint's contract on its route,
 * and clients call the API through `routes`. Free of zod at runtime, so the browser bundle carries
 * none for calling the API.
 */
export const routeFacts = {
  listColleges: { method: 'GET', path: apiPaths.colleges, status: 200 },
  listChatRooms: { method: 'GET', path: apiPaths.chatRooms, status: 200 },
  startSession: { method: 'POST', path: apiPaths.session, status: 201 },
  getSession: { method: 'GET', path: apiPaths.session, status: 200 },
  getDailyLimit: { method: 'GET', path: apiPaths.dailyLimit, status: 200 },
  login: { method: 'POST', path: apiPaths.login, status: 200 },
  me: { method: 'GET', path: apiPaths.me, status: 200 },
  logout: { method: 'POST', path: apiPaths.logout, status: 200 },
  submitConfession: { method: 'POST', path: apiPaths.confessions, status: 201 },
  listConfessions: { method: 'GET', path: apiPaths.confessions, status: 200 },
  listCollegeConfessions: { method: 'GET', path: apiPaths.collegeConfessions, status: 200 },
  featuredConfession: { method: 'GET', path: apiPaths.featuredConfession, status: 200 },
  getConfession: { method: 'GET', path: apiPaths.confession, status: 200 },
  adminApproveConfession: { method: 'POST', path: apiPaths.adminApproveConfession, status: 200 },
  approveConfession: { method: 'PUT', path: apiPaths.approveConfession, status: 200 },
  rejectConfession: { method: 'PUT', path: apiPaths.rejectConfession, status: 200 },
  likeConfession: { method: 'POST', path: apiPaths.likeConfession, status: 200 },
  submitComment: { method: 'POST', path: apiPaths.comments, status: 201 },
  listComments: { method: 'GET', path: apiPaths.comments, status: 200 },
  approveComment: { method: 'PUT', path: apiPaths.approveComment, status: 200 },
  rejectComment: { method: 'PUT', path: apiPaths.rejectComment, status: 200 },
  reportConfession: { method: 'POST', path: apiPaths.reportConfession, status: 201 },
  deleteConfession: { method: 'DELETE', path: apiPaths.adminConfession, status: 200 },
  listPendingConfessions: { method: 'GET', path: apiPaths.pendingConfessions, status: 200 },
  reviewReports: { method: 'PUT', path: apiPaths.reviewReports, status: 200 },
  dismissReports: { method: 'PUT', path: apiPaths.dismissReports, status: 200 },
  listPendingComments: { method: 'GET', path: apiPaths.pendingComments, status: 200 },
  sendDirectMessage: { method: 'POST', path: apiPaths.directMessages, status: 201 },
  listDirectMessages: { method: 'GET', path: apiPaths.directMessages, status: 200 },
  listPendingDirectMessages: { method: 'GET', path: apiPaths.pendingDirectMessages, status: 200 },
  decideDirectMessage: { method: 'POST', path: apiPaths.decideDirectMessage, status: 200 },
  listPairingReports: { method: 'GET', path: apiPaths.pairingReports, status: 200 },
  resolvePairingReport: { method: 'POST', path: apiPaths.resolvePairingReport, status: 200 },
  moderationStats: { method: 'GET', path: apiPaths.moderationStats, status: 200 },
  listAdmins: { method: 'GET', path: apiPaths.admins, status: 200 },
  createAdmin: { method: 'POST', path: apiPaths.admins, status: 201 },
  updateAdmin: { method: 'PUT', path: apiPaths.admin, status: 200 },
  setAdminStatus: { method: 'PUT', path: apiPaths.adminStatus, status: 200 },
  deleteAdmin: { method: 'DELETE', path: apiPaths.admin, status: 200 },
  createChatRoom: { method: 'POST', path: apiPaths.chatRooms, status: 201 },
  renameChatRoom: { method: 'PUT', path: apiPaths.chatRoom, status: 200 },
  archiveChatRoom: { method: 'PUT', path: apiPaths.archiveChatRoom, status: 200 },
  listChatMessages: { method: 'GET', path: apiPaths.chatMessages, status: 200 },
  postChatMessage: { method: 'POST', path: apiPaths.chatMessages, status: 201 },
  listModeratedChatMessages: { method: 'GET', path: apiPaths.moderatedChatMessages, status: 200 },
  removeChatMessage: { method: 'DELETE', path: apiPaths.moderatedChatMessage, status: 200 },
  getStats: { method: 'GET', path: apiPaths.stats, status: 200 },
  auditLog: { method: 'GET', path: apiPaths.auditLog, status: 200 },
  auditExport: { method: 'GET', path: apiPaths.auditExport, status: 200 },
  auditHistory: { method: 'GET', path: apiPaths.auditHistory, status: 200 },
  auditState: { method: 'GET', path: apiPaths.auditState, status: 200 },
  auditQueues: { method: 'GET', path: apiPaths.auditQueues, status: 200 },
  auditVerify: { method: 'GET', path: apiPaths.auditVerify, status: 200 },
  auditMetrics: { method: 'GET', path: apiPaths.auditMetrics, status: 200 },
} as const satisfies Record<string, RouteFacts>;

export type EndpointName = keyof typeof routeFacts;

/** What an endpoint answers on success, as its `response` schema declares it. */
export type Answer<Name extends EndpointName> = Answered<(typeof endpoints)[Name]>;

declare const answer: unique symbol;

/** A route with the type of its answer, which no value carries: `AnswerOf` reads it. */
export type Route<Name extends EndpointName = EndpointName> = (typeof routeFacts)[Name] & {
  readonly [answer]?: Answer<Name>;
};

/** What a route of `routes` answers on success. */
export type AnswerOf<R extends Route> = Required<R>[typeof answer];

/** The route table for clients: each endpoint's method, path and status, typed with its answer. */
export const routes: { readonly [Name in EndpointName]: Route<Name> } = routeFacts;
