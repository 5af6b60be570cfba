import { type ReportSubmission, routes } from '@secretchatbox/contracts';
import { api, type ApiError } from '../../../lib/api';
import { asVisitor } from '../../../lib/visitor-session';
import { patchConfession } from './confessions';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A report received, or refused as one already filed (409): either way the flag shows it. */
    reportConfession: build.mutation({
      queryFn: ({ confessionId, ...body }: { confessionId: string } & ReportSubmission, _api, _extra, baseQuery) =>
        asVisitor(baseQuery, routes.reportConfession, { path: { id: confessionId }, body }),
      async onQueryStarted({ confessionId }, { dispatch, getState, queryFulfilled }) {
        const reported = () => patchConfession(confessionId, (item) => void (item.reported = true), dispatch, getState);
        try {
          await queryFulfilled;
          reported();
        } catch (failure) {
          if ((failure as { error?: ApiError }).error?.status === 409) reported();
        }
      },
    }),
  }),
});

export const { useReportConfessionMutation } = reportsApi;
