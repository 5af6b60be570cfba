import { describe, expect, it } from '@jest/globals';
import type { AuditHistoryEntry } from '@secretchatbox/contracts';
import { auditItemState } from './audit-item-state.js';

const chief = { id: 'chief-id', username: 'chief', role: 'chief' } as const;

function entry(
  action: string,
  at: string,
  data: Record<string, unknown>,
  extra: Partial<AuditHistoryEntry> = {},
): AuditHistoryEntry {
  return {
    position: '1/1',
    eventId: `${action}-${at}`,
    at,
    action,
    actor: chief,
    collegeCode: 'C001',
    target: { type: 'room', id: 'room-1' },
    reasonCode: null,
    note: null,
    requestId: null,
    link: null,
    hash: null,
    moderation: true,
    data,
    ...extra,
  };
}

describe('an item as auditors see it', () => {
  it('given no events, did not exist', () => {
    expect(auditItemState({ type: 'room', id: 'room-1' }, 'now', [])).toMatchObject({
      status: null,
      events: 0,
      decision: null,
    });
  });

  it('given a room opened, renamed and archived: archived, with its last name and who archived it', () => {
    const state = auditItemState({ type: 'room', id: 'room-1' }, 'now', [
      entry('ChatRoomOpened', 't1', { roomId: 'room-1', collegeCode: 'C001', name: 'General', sortOrder: 0 }),
      entry('ChatRoomRenamed', 't2', { roomId: 'room-1', collegeCode: 'C001', name: 'Lobby' }),
      entry('ChatRoomArchived', 't3', { roomId: 'room-1', collegeCode: 'C001' }),
    ]);
    expect(state).toMatchObject({
      status: 'archived',
      createdAt: 't1',
      details: { name: 'Lobby' },
      decision: { action: 'ChatRoomArchived', by: chief, at: 't3' },
      events: 3,
    });
  });

  it('given an admin created, signed in twice, moved and deactivated: inactive, in the new college', () => {
    const admin = { type: 'admin' as const, id: 'admin-1' };
    const state = auditItemState(admin, 'now', [
      entry('AdminAccountCreated', 't1', { adminId: 'admin-1', username: 'mod', role: 'normal', collegeCode: 'C001' }),
      entry('AdminSignedIn', 't2', { adminId: 'admin-1' }),
      entry('AdminSignedIn', 't3', { adminId: 'admin-1' }),
      entry('AdminCollegeChanged', 't4', { adminId: 'admin-1', collegeCode: 'C002' }),
      entry('AdminStatusChanged', 't5', { adminId: 'admin-1', status: 'inactive' }),
    ]);
    expect(state).toMatchObject({
      status: 'inactive',
      collegeCode: 'C002',
      counts: { signIns: 2 },
      details: { username: 'mod', role: 'normal' },
      decision: { action: 'AdminStatusChanged', at: 't5' },
    });
  });

  it('given a confession liked and unliked, reported and dismissed: counts as they stood', () => {
    const confession = { type: 'confession' as const, id: 'c-1' };
    const state = auditItemState(
      confession,
      'now',
      [
        entry('ConfessionSubmitted', 't1', { category: 'funny', nickname: null }),
        entry('ConfessionLiked', 't2', {}),
        entry('ConfessionLiked', 't3', {}),
        entry('ConfessionUnliked', 't4', {}),
        entry('ConfessionReported', 't5', {}),
        entry('ConfessionHidden', 't5', {}),
        entry('ConfessionReportsDismissed', 't6', {}),
      ],
      3,
    );
    expect(state).toMatchObject({
      status: 'pending',
      counts: { likes: 1, reports: 0, comments: 3 },
      details: { hidden: false, category: 'funny' },
      decision: { action: 'ConfessionReportsDismissed' },
    });
  });
});
