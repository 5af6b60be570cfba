import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { notificationsSlice } from '../components/notifications/notifications-slice';
import { endRefusedAdminSessions } from '../features/admin-auth/session-ended';
import { api } from '../lib/api';

export function createStore() {
  const listener = createListenerMiddleware();
  endRefusedAdminSessions(listener);
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [notificationsSlice.name]: notificationsSlice.reducer },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
