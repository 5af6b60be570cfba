import { routes } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';
import { callTo } from '../../lib/calls';

/** The daily limit is refetched every 60 s (docs/product.md, Screens). */
export const dailyLimitPollingMs = 60_000;

export const dailyLimitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDailyLimit: build.query({
      ...callTo(routes.getDailyLimit, () => ({ headers: sessionHeaders('visitor') })),
      providesTags: ['DailyLimit'],
    }),
  }),
});

export const { useGetDailyLimitQuery } = dailyLimitApi;

/** The daily limit with its fallbacks when the call fails or has not answered (docs/product.md, Screens). */
export function useDailyLimit() {
  const { data, isError } = useGetDailyLimitQuery(undefined, { pollingInterval: dailyLimitPollingMs });
  return { limit: data ?? null, failed: isError };
}
