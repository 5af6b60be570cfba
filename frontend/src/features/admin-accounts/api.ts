import {
  type AdminAccountView,
  type AdminStatus,
  type DeletionResult,
  apiPaths,
  type CreateAdminInput,
  pathTo,
  type UpdateAdminInput,
} from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';

/** An account's path with the admin session; `body` only when there is a payload. */
const onAccount = (path: string, id: string, method: 'PUT' | 'DELETE', body?: object) => ({
  url: pathTo(path, { id }),
  method,
  body,
  headers: sessionHeaders('admin'),
});

export const adminAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every account for the chief; a college admin gets its college's normal admins. */
    getAdmins: build.query<AdminAccountView[], void>({
      query: () => ({ url: apiPaths.admins, headers: sessionHeaders('admin') }),
      providesTags: ['AdminAccounts'],
    }),
    createAdmin: build.mutation<AdminAccountView, CreateAdminInput>({
      query: (body) => ({ url: apiPaths.admins, method: 'POST', body, headers: sessionHeaders('admin') }),
      invalidatesTags: ['AdminAccounts'],
    }),
    updateAdmin: build.mutation<AdminAccountView, { id: string } & UpdateAdminInput>({
      query: ({ id, ...body }) => onAccount(apiPaths.admin, id, 'PUT', body),
      invalidatesTags: ['AdminAccounts'],
    }),
    setAdminStatus: build.mutation<AdminAccountView, { id: string; status: AdminStatus }>({
      query: ({ id, status }) => onAccount(apiPaths.adminStatus, id, 'PUT', { status }),
      invalidatesTags: ['AdminAccounts'],
    }),
    deleteAdmin: build.mutation<DeletionResult, string>({
      query: (id) => onAccount(apiPaths.admin, id, 'DELETE'),
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
