import { type AdminStatus, type CreateAdminInput, routes, type UpdateAdminInput } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { type CallParts, callTo } from '../../lib/calls';

/** A call on one account with the admin session; `body` only when there is a payload. */
const onAccount = (id: string, body?: object): CallParts => ({ path: { id }, body, headers: sessionHeaders('admin') });

export const adminAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every account for the chief; a college admin gets its college's normal admins. */
    getAdmins: build.query({
      ...callTo(routes.listAdmins, () => ({ headers: sessionHeaders('admin') })),
      providesTags: ['AdminAccounts'],
    }),
    createAdmin: build.mutation({
      ...callTo(routes.createAdmin, (body: CreateAdminInput) => ({ body, headers: sessionHeaders('admin') })),
      invalidatesTags: ['AdminAccounts'],
    }),
    updateAdmin: build.mutation({
      ...callTo(routes.updateAdmin, ({ id, ...body }: { id: string } & UpdateAdminInput) => onAccount(id, body)),
      invalidatesTags: ['AdminAccounts'],
    }),
    setAdminStatus: build.mutation({
      ...callTo(routes.setAdminStatus, ({ id, status }: { id: string; status: AdminStatus }) =>
        onAccount(id, { status }),
      ),
      invalidatesTags: ['AdminAccounts'],
    }),
    deleteAdmin: build.mutation({
      ...callTo(routes.deleteAdmin, (id: string) => onAccount(id)),
      invalidatesTags: ['AdminAccounts'],
    }),
  }),
});

export const {
  useGetAdminsQuery,
  useCreateAdminMutation,
  useUpdateAdminMutation,
  useSetAdminStatusMutation,
  useDeleteAdminMutation,
} = adminAccountsApi;
