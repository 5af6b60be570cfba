import { apiPaths } from '@secretchatbox/contracts';
import { api } from '../../lib/api';

export type Stats = { totalConfessions: number; activeStudents: number; safetyRating: number; uptime: string };

/** Spec section 9: the figures shown when the stats call fails. */
export const placeholderStats: Stats = {
  totalConfessions: 12400,
  activeStudents: 3200,
  safetyRating: 89,
  uptime: '24/7',
};

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<Partial<Stats>, void>({ query: () => apiPaths.stats, providesTags: ['Stats'] }),
  }),
});

/** The server's figures where it has them, the placeholders for the rest. */
export function useStats(): Stats {
  const { data } = statsApi.useGetStatsQuery();
  return { ...placeholderStats, ...(data ?? {}) };
}
