import { apiPaths, type DailyLimit } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../lib/api';

/** Spec section 9: the daily limit is refetched every 60 s. */
export const dailyLimitPollingMs = 60_000;

export const dailyLimitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDailyLimit: build.query<DailyLimit, void>({
      query: () => ({ url: apiPaths.dailyLimit, headers: sessionHeaders('visitor') }),
      providesTags: ['DailyLimit'],
    }),
  }),
});

export const { useGetDailyLimitQuery } = dailyLimitApi;

/** The daily limit with the spec's fallbacks when the call fails or has not answered. */
export function useDailyLimit() {
  const { data, isError } = useGetDailyLimitQuery(undefined, { pollingInterval: dailyLimitPollingMs });
  return { limit: data ?? null, failed: isError };
}
