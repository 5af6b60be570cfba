import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Notification = {
  id: string;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
};

/** One notification at a time; a dismissed one is removed after 1,000,000 ms (docs/product.md, Screens). */
export const notificationLimit = 1;
export const notificationDurationMs = 5000;
export const removeDismissedAfterMs = 1_000_000;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] as Notification[] },
  reducers: {
    added(state, action: PayloadAction<Omit<Notification, 'open'>>) {
      state.items = [{ ...action.payload, open: true }, ...state.items].slice(0, notificationLimit);
    },
    updated(state, action: PayloadAction<Pick<Notification, 'id'> & Partial<Notification>>) {
      state.items = state.items.map((item) => (item.id === action.payload.id ? { ...item, ...action.payload } : item));
    },
    dismissed(state, action: PayloadAction<string>) {
      for (const item of state.items) if (item.id === action.payload) item.open = false;
    },
    removed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
});

export const { added, updated, dismissed, removed } = notificationsSlice.actions;

export type NotifyInput = { title: string; description?: string; variant?: 'default' | 'destructive' };

let nextId = 0;

/** The action that shows a notification, with an id of its own. */
export const notification = ({ title, description, variant = 'default' }: NotifyInput) =>
  added({ id: String(++nextId), title, description, variant });
