/** Every API path, free of schemas so the browser bundle can use it without zod. */
export const apiPaths = {
  colleges: '/api/colleges',
  confessions: '/api/confessions',
  confession: '/api/confessions/:id',
  adminApproveConfession: '/api/admin/confessions/:id/approve',
  approveConfession: '/api/confessions/:id/approve',
  rejectConfession: '/api/confessions/:id/reject',
  likeConfession: '/api/confessions/:id/like',
  chatRooms: '/api/chat/rooms',
  session: '/api/session',
  dailyLimit: '/api/daily-limit',
  stats: '/api/stats',
  login: '/api/auth/login',
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;
