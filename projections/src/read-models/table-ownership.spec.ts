import { describe, expect, it } from '@jest/globals';
import { type DomainEventType, type EventOfType, domainEventTypes } from '@secretchatbox/contracts';
import type { ProjectedEvent } from '../projection.js';
import { allProjections } from './index.js';

const id = '5b9f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const other = '6c0a2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';

/** One event of every type, with data of the right shape: the compiler checks that none is missing. */
const samples: { [T in DomainEventType]: EventOfType<T>['data'] } = {
  CollegeRegistered: { collegeId: id, code: 'C001', name: 'Northfield' },
  ChatRoomOpened: { roomId: id, collegeCode: 'C001', name: 'General Chat', sortOrder: 0 },
  ChatRoomRenamed: { roomId: id, collegeCode: 'C001', name: 'Lobby' },
  ChatRoomArchived: { roomId: id, collegeCode: 'C001' },
  VisitorSessionStarted: { sessionId: 'session-a' },
  AdminAccountCreated: { adminId: id, username: 'mod', passwordSet: true, role: 'normal', collegeCode: 'C001' },
  AdminCollegeChanged: { adminId: id, collegeCode: 'C002' },
  AdminStatusChanged: { adminId: id, status: 'inactive' },
  AdminAccountDeleted: { adminId: id, username: 'mod' },
  AdminSignedIn: { adminId: id, sessionHash: 'h', expiresAt: '2026-11-24T00:00:00.000Z' },
  AdminSignedOut: { adminId: id, sessionHash: 'h' },
  AdminUsernameClaimed: { username: 'mod', adminId: id },
  AdminUsernameReleased: { username: 'mod', adminId: id },
  ConfessionSubmitted: {
    confessionId: id,
    collegeCode: 'C001',
    category: 'funny',
    content: 'Ten letters.',
    nickname: null,
  },
  ConfessionQuotaUsed: { sessionId: 'session-a', quotaDay: '2026-11-23', confessionId: id },
  NetworkQuotaUsed: { networkKey: 'net', quotaDay: '2026-11-23', confessionId: id },
  ConfessionApproved: { confessionId: id },
  ConfessionRejected: { confessionId: id, reasonCode: null, note: null },
  ConfessionLiked: { confessionId: id, sessionId: 'session-a' },
  ConfessionUnliked: { confessionId: id, sessionId: 'session-a' },
  CommentSubmitted: { commentId: other, confessionId: id, content: 'Same!', nickname: null },
  CommentApproved: { commentId: other, confessionId: id },
  CommentRejected: { commentId: other, confessionId: id, reasonCode: null, note: null },
  ConfessionReported: { confessionId: id, sessionId: 'session-a', reason: 'spam', note: null },
  ConfessionHidden: { confessionId: id, reportCount: 5 },
  ConfessionReportsReviewed: { confessionId: id, reportCount: 5 },
  ConfessionReportsDismissed: { confessionId: id, reportCount: 5 },
  ConfessionDeleted: { confessionId: id, reasonCode: null, note: null },
  DirectMessageSent: { messageId: id, fromSessionId: 'a', toSessionId: 'b', collegeCode: 'C001', content: 'hi' },
  DirectMessageModerated: { messageId: id, status: 'approved', adminNote: null },
  DirectMessageAllowanceUsed: { sessionId: 'a', quotaDay: '2026-01-01', messageId: id },
  ChatMessagePosted: {
    messageId: id,
    roomId: id,
    collegeCode: 'C001',
    sessionId: 'a',
    nickname: null,
    content: 'hi',
    isAdmin: false,
    sentAt: '2026-01-01T00:00:00.000Z',
  },
  ChatAllowanceUsed: { sessionId: 'a', quotaDay: '2026-01-01', messageId: id, sentAt: '2026-01-01T00:00:00.000Z' },
  ChatMessageRemoved: { messageId: id, roomId: id, collegeCode: 'C001', reasonCode: null, note: null },
  PairMatched: { pairId: id, collegeCode: 'C001', sessionIds: ['a', 'b'], quotaDay: '2026-01-01' },
  PairMessageSent: {
    pairId: id,
    messageId: other,
    fromSessionId: 'a',
    content: 'hi',
    sentAt: '2026-01-01T00:00:00.000Z',
  },
  PairEnded: { pairId: id, reason: 'skipped', endedBy: 'a', quotaDay: '2026-01-01' },
  PairingReportFiled: {
    reportId: id,
    pairId: id,
    collegeCode: 'C001',
    reporterSessionId: 'a',
    reportedSessionId: 'b',
    reason: 'spam',
    note: null,
    transcript: [],
  },
  PairingReportResolved: { reportId: id, action: 'dismiss', note: null },
  AuditChainExtended: { firstLink: 1, links: [{ eventId: id, hash: '0'.repeat(64) }], through: '1/1' },
  AuditLogExported: { exportId: other, adminId: id, format: 'csv', filters: {}, rowCount: 0 },
};

const written = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+read_model\.(\w+)/gi;

/** The read-model tables a projection writes when given every event it handles. */
async function tablesWrittenBy(projection: (typeof allProjections)[number]): Promise<Set<string>> {
  const tables = new Set<string>();
  const tx = {
    async query(sql: string) {
      for (const match of sql.matchAll(written)) tables.add(match[1]!);
      return { rows: [] };
    },
  };
  for (const type of domainEventTypes) {
    if (!projection.handles.includes(type)) continue;
    const event = {
      id,
      type,
      data: samples[type],
      metadata: { actor: { kind: 'visitor', sessionId: 'session-a' }, occurredAt: '2026-11-23T10:00:00.000Z' },
      streamId: 'sample',
      revision: 0,
      position: { commit: 1n, prepare: 1n },
      recordedAt: new Date('2026-11-23T10:00:00.000Z'),
    } as ProjectedEvent;
    await projection.apply(event, tx);
  }
  return tables;
}

describe('read-model tables', () => {
  it('are each written by one projection only, so that each can be rebuilt on its own in any order', async () => {
    const writers = new Map<string, string[]>();
    for (const projection of allProjections) {
      for (const table of await tablesWrittenBy(projection)) {
        writers.set(table, [...(writers.get(table) ?? []), projection.name]);
      }
    }
    expect(writers.size).toBeGreaterThan(0);
    const shared = [...writers].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });
});
