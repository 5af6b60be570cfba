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
    /** Every college's figures (null), or one college's. */
    getStats: build.query<PlatformStats, string | null>({
      query: (collegeCode) => ({ url: apiPaths.stats, params: { collegeCode: collegeCode ?? undefined } }),
      providesTags: ['Stats'],
    }),
  }),
});

/** The server's figures where it has them, the placeholders for the rest. */
export function useStats(): Stats {
  const { data } = statsApi.useGetStatsQuery(null);
  if (!data) return placeholderStats;
  return { ...placeholderStats, totalConfessions: data.totalConfessions, activeStudents: data.activeStudents };
}

export type SidebarStats = Pick<PlatformStats, 'totalConfessions' | 'likesToday' | 'commentsToday'>;

/** Spec section 2: the sidebar's figures when the stats call fails. */
export const placeholderSidebarStats: SidebarStats = { totalConfessions: 6, likesToday: 1647, commentsToday: 7 };

/** The figures of the board's college. */
export function useSidebarStats(collegeCode: string): SidebarStats {
  const { data } = statsApi.useGetStatsQuery(collegeCode);
  return data ?? placeholderSidebarStats;
}
