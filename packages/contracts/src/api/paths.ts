/** Every API path, free of schemas so the browser bundle can use it without zod. */
export const apiPaths = {
  colleges: '/api/colleges',
  chatRooms: '/api/chat/rooms',
  session: '/api/session',
  dailyLimit: '/api/daily-limit',
  stats: '/api/stats',
  login: '/api/auth/login',
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;
