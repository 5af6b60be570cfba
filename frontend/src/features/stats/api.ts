import { type PlatformStats, routes } from '@secretchatbox/contracts';
import { api } from '../../lib/api';
import { callTo } from '../../lib/calls';

/** The strip's figures: the server's counts, beside the fixed safety rating and uptime (docs/product.md, Screens). */
export type Stats = Pick<PlatformStats, 'totalConfessions' | 'activeStudents'> & {
  safetyRating: number;
  uptime: string;
};

/** The figures shown when the stats call fails (docs/product.md, Screens). */
export const placeholderStats: Stats = {
  totalConfessions: 12400,
  activeStudents: 3200,
  safetyRating: 89,
  uptime: '24/7',
};

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every college's figures (null), or one college's. */
    getStats: build.query({
      ...callTo(routes.getStats, (collegeCode: string | null) => ({
        query: { collegeCode: collegeCode ?? undefined },
      })),
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

/** The sidebar's figures when the stats call fails (docs/product.md, Screens). */
export const placeholderSidebarStats: SidebarStats = { totalConfessions: 6, likesToday: 1647, commentsToday: 7 };

/** The figures of the board's college. */
export function useSidebarStats(collegeCode: string): SidebarStats {
  const { data } = statsApi.useGetStatsQuery(collegeCode);
  return data ?? placeholderSidebarStats;
}
