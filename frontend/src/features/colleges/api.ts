import { apiPaths, type College } from '@secretchatbox/contracts';
import { api } from '../../lib/api';

export const collegesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getColleges: build.query<College[], void>({ query: () => apiPaths.colleges, providesTags: ['College'] }),
  }),
});

export const { useGetCollegesQuery } = collegesApi;
