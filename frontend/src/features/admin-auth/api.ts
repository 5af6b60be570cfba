import { type AnswerOf, type LoginRequest, routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { call, callTo } from '../../lib/calls';
import { storage } from '../../lib/storage';

export const adminAuthApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<AnswerOf<typeof routes.me> | null, void>({
      // No stored token means not signed in; no call needed.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        if (!storage.get('adminSessionToken')) return { data: null };
        const result = await baseQuery(call(routes.me, { headers: sessionHeaders('admin') }));
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as AnswerOf<typeof routes.me> };
      },
      providesTags: ['AdminSession'],
    }),
    /**
     * The answer names the admin, so the session is not read back: after a 202 (which carries the
     * token and the admin too) the server may not know the session yet.
     */
    login: build.mutation({
      ...callTo(routes.login, (body: LoginRequest) => ({ body })),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        storage.set('adminSessionToken', data.sessionToken);
        dispatch(adminAuthApi.util.upsertQueryData('me', undefined, data.user));
      },
    }),
    logout: build.mutation({
      ...callTo(routes.logout, () => ({ headers: sessionHeaders('admin') })),
      // The token is forgotten even if the server cannot be reached: logging out must always work here.
      // The session is re-read only after that, so the read goes without it.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        storage.remove('adminSessionToken');
        dispatch(api.util.invalidateTags(['AdminSession']));
      },
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = adminAuthApi;
