/** Every API path, free of schemas so the browser bundle can use it without zod. */
export const apiPaths = {
  colleges: '/api/colleges',
  confessions: '/api/confessions',
  featuredConfession: '/api/confessions/featured',
  confession: '/api/confessions/:id',
  collegeConfessions: '/api/confessions/college/:code',
  adminApproveConfession: '/api/admin/confessions/:id/approve',
  approveConfession: '/api/confessions/:id/approve',
  rejectConfession: '/api/confessions/:id/reject',
  adminConfession: '/api/admin/confessions/:id',
  pendingConfessions: '/api/admin/confessions/pending',
  reviewReports: '/api/confessions/:id/report/review',
  dismissReports: '/api/confessions/:id/report/dismiss',
  pendingComments: '/api/admin/comments/pending',
  pendingDirectMessages: '/api/admin/direct-messages/pending',
  decideDirectMessage: '/api/admin/direct-messages/:id/approve',
  pairingReports: '/api/admin/pairing-reports',
  resolvePairingReport: '/api/admin/pairing-reports/:id/resolve',
  moderationStats: '/api/admin/stats',
  admins: '/api/admins',
  admin: '/api/admins/:id',
  adminStatus: '/api/admins/:id/status',
  likeConfession: '/api/confessions/:id/like',
  comments: '/api/confessions/:id/comments',
  reportConfession: '/api/confessions/:id/report',
  approveComment: '/api/comments/:id/approve',
  rejectComment: '/api/comments/:id/reject',
  chatRooms: '/api/chat/rooms',
  chatRoom: '/api/chat/rooms/:id',
  archiveChatRoom: '/api/chat/rooms/:id/archive',
  chatMessages: '/api/chat/rooms/:id/messages',
  moderatedChatMessages: '/api/admin/chat/messages',
  moderatedChatMessage: '/api/admin/chat/messages/:id',
  session: '/api/session',
  directMessages: '/api/direct-messages',
  dailyLimit: '/api/daily-limit',
  stats: '/api/stats',
  auditLog: '/api/audit/log',
  auditExport: '/api/audit/export',
  auditHistory: '/api/audit/history/:type/:id',
  auditState: '/api/audit/state/:type/:id',
  auditQueues: '/api/audit/queues',
  auditVerify: '/api/audit/verify',
  auditMetrics: '/api/audit/metrics',
  login: '/api/auth/login',
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;

/** A path of `apiPaths` with its `:name` parameters filled in, each encoded as one path segment. */
export function pathTo(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Every page of the frontend: the server answers any other page path 404 (with the app's 404 page). */
export const pagePaths = {
  landing: '/',
  chat: '/chat',
  admin: '/admin',
  vip: '/vip',
  chiefLogin: '/chief-login',
  chiefDashboard: '/chief-dashboard',
  normalAdminDashboard: '/normal-admin-dashboard',
  collegeAdminDashboard: '/college-admin-dashboard',
  auditorDashboard: '/auditor-dashboard',
} as const;

const knownPages: ReadonlySet<string> = new Set(Object.values(pagePaths));

/** Whether a path (without its query) is one of the frontend's pages; a trailing slash is allowed. */
export const isPagePath = (path: string): boolean => knownPages.has(path.length > 1 ? path.replace(/\/$/, '') : path);
