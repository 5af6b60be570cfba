import { apiPaths, type AuthUser, type LoginResponse } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { storage } from '../../lib/storage';

export type LoginInput = { username: string; password: string; college_id?: string };

export const adminAuthApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<AuthUser | null, void>({
      // No stored token means not signed in; no call needed.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        if (!storage.get('adminSessionToken')) return { data: null };
        const result = await baseQuery({ url: apiPaths.me, headers: sessionHeaders('admin') });
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as AuthUser };
      },
      providesTags: ['AdminSession'],
    }),
    // The session is re-read only once the token is stored (or forgotten), so the refetch carries it.
    login: build.mutation<LoginResponse, LoginInput>({
      query: (body) => ({ url: apiPaths.login, method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        storage.set('adminSessionToken', data.sessionToken);
        dispatch(api.util.invalidateTags(['AdminSession']));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: apiPaths.logout, method: 'POST', headers: sessionHeaders('admin') }),
      // The token is forgotten even if the server cannot be reached: logging out must always work here.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        storage.remove('adminSessionToken');
        dispatch(api.util.invalidateTags(['AdminSession']));
      },
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = adminAuthApi;
