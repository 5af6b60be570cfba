import { apiPaths, type PlatformStats } from '@secretchatbox/contracts';
import { api } from '../../lib/api';

/** The strip's figures: the server's counts, with the spec's safety rating and uptime beside them. */
export type Stats = Pick<PlatformStats, 'totalConfessions' | 'activeStudents'> & {
  safetyRating: number;
  uptime: string;
};

/** Spec section 9: the figures shown when the stats call fails. */
export const placeholderStats: Stats = {
  totalConfessions: 12400,
  activeStudents: 3200,
  safetyRating: 89,
  uptime: '24/7',
};

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<PlatformStats, void>({ query: () => apiPaths.stats, providesTags: ['Stats'] }),
  }),
});

/** The server's figures where it has them, the placeholders for the rest. */
export function useStats(): Stats {
  const { data } = statsApi.useGetStatsQuery();
  if (!data) return placeholderStats;
  return { ...placeholderStats, totalConfessions: data.totalConfessions, activeStudents: data.activeStudents };
}

export type SidebarStats = Pick<PlatformStats, 'totalConfessions' | 'likesToday' | 'commentsToday'>;

/** Spec section 2: the sidebar's figures when the stats call fails. */
export const placeholderSidebarStats: SidebarStats = { totalConfessions: 6, likesToday: 1647, commentsToday: 7 };

export function useSidebarStats(): SidebarStats {
  const { data } = statsApi.useGetStatsQuery();
  return data ?? placeholderSidebarStats;
}
