import { describe, expect, it } from '@jest/globals';
import { added, dismissed, notificationsSlice, removed, updated } from './notifications-slice';

const { reducer } = notificationsSlice;
const initial = reducer(undefined, { type: 'init' });

function withOne() {
  return reducer(initial, added({ id: '1', title: 'First', variant: 'default' }));
}

describe('notifications reducer', () => {
  it('adds a notification open', () => {
    expect(withOne().items).toEqual([{ id: '1', title: 'First', variant: 'default', open: true }]);
  });

  it('keeps only the newest notification', () => {
    const state = reducer(withOne(), added({ id: '2', title: 'Second', variant: 'destructive' }));
    expect(state.items).toEqual([{ id: '2', title: 'Second', variant: 'destructive', open: true }]);
  });

  it('updates the matching notification only', () => {
    const state = reducer(withOne(), updated({ id: '1', title: 'Changed' }));
    expect(state.items[0]).toMatchObject({ id: '1', title: 'Changed', open: true });
    expect(reducer(withOne(), updated({ id: 'other', title: 'Changed' }))).toEqual(withOne());
  });

  it('closes a dismissed notification without removing it', () => {
    const state = reducer(withOne(), dismissed('1'));
    expect(state.items).toEqual([{ id: '1', title: 'First', variant: 'default', open: false }]);
  });

  it('deletes a removed notification', () => {
    expect(reducer(withOne(), removed('other')).items).toHaveLength(1);
    expect(reducer(withOne(), removed('1')).items).toEqual([]);
  });
});
