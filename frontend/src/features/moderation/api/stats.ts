import { routes } from '@secretchatbox/contracts';
import { api } from '../../../lib/api';
import { callTo } from '../../../lib/calls';
import { scoped } from './queues';

export const moderationStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationStats: build.query({
      ...callTo(routes.moderationStats, scoped),
      providesTags: ['ModerationStats'],
    }),
  }),
});

export const { useGetModerationStatsQuery } = moderationStatsApi;
