import type {
  AdminAccountView,
  AdminRole,
  AuthUser,
  ModeratedComment,
  ModeratedConfession,
  ModeratedDirectMessage,
  ModerationStats,
} from '@secretchatbox/contracts';

/** The admin session the tests sign in with. */
export const adminToken = 'admin-token-1';
export const signInAdmin = () => localStorage.setItem('adminSessionToken', adminToken);

export const adminUser = (role: AdminRole, collegeCode: string | null = null): AuthUser => ({
  id: `${role}-id-0123456789`,
  username: `${role}-user`,
  role,
  collegeCode,
  collegeId: collegeCode && `college-${collegeCode}`,
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export const moderatedConfession = (id: string, overrides: Partial<ModeratedConfession> = {}): ModeratedConfession => ({
  id,
  content: `Confession ${id}: the library cat sleeps on my notes`,
  category: 'funny',
  nickname: null,
  collegeCode: 'C001',
  likes: 0,
  commentCount: 0,
  createdAt: hoursAgo(2),
  status: 'pending',
  reportedCount: 0,
  reportsReviewed: false,
  hidden: false,
  authorId: 'author01',
  reports: [],
  ...overrides,
});

export const moderatedComment = (id: string): ModeratedComment => ({
  id,
  content: `Comment ${id}: same here`,
  nickname: null,
  createdAt: hoursAgo(1),
  confessionId: 'confession-1',
  confessionContent: 'The library cat sleeps on my notes',
  collegeCode: 'C001',
  authorId: 'author02',
});

export const moderatedDirectMessage = (id: string): ModeratedDirectMessage => ({
  id,
  content: `Message ${id}: want to study together?`,
  fromSessionId: 'from1234',
  toSessionId: 'to567890',
  collegeCode: 'C001',
  status: 'pending',
  adminNote: null,
  createdAt: hoursAgo(1),
});

export const moderationStats = (overrides: Partial<ModerationStats> = {}): ModerationStats => ({
  collegeCode: null,
  pendingConfessions: 0,
  pendingComments: 0,
  pendingDirectMessages: 0,
  reportedConfessions: 0,
  approvedConfessions: 0,
  rejectedConfessions: 0,
  ...overrides,
});

export const adminAccount = (username: string, overrides: Partial<AdminAccountView> = {}): AdminAccountView => ({
  id: `${username}-0123456789abcdef`,
  username,
  role: 'normal',
  collegeCode: 'C001',
  collegeId: 'college-C001',
  status: 'active',
  createdAt: '2030-01-15T10:00:00.000Z',
  ...overrides,
});
