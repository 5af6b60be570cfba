import { apiPaths, type ModerationStats } from '@secretchatbox/contracts';
import { api, sessionHeaders } from '../../../lib/api';
import type { CollegeScope } from './queues';

export const moderationStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationStats: build.query<ModerationStats, CollegeScope>({
      query: (collegeCode) => ({
        url: apiPaths.moderationStats,
        params: { collegeCode: collegeCode ?? undefined },
        headers: sessionHeaders('admin'),
      }),
      providesTags: ['ModerationStats'],
    }),
  }),
});

export const { useGetModerationStatsQuery } = moderationStatsApi;
