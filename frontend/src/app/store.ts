import { configureStore } from '@reduxjs/toolkit';
import { notificationsSlice } from '../features/notifications/notifications-slice';
import { api } from '../lib/api';

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [notificationsSlice.name]: notificationsSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
