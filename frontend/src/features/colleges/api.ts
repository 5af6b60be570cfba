import { routes } from '@secretchatbox/contracts';
import { api } from '../../lib/api';
import { callTo } from '../../lib/calls';

export const collegesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getColleges: build.query({ ...callTo(routes.listColleges), providesTags: ['College'] }),
  }),
});

export const { useGetCollegesQuery } = collegesApi;
