import { apiPaths, pathTo, type ReportReceived, type ReportSubmission } from '@secretchatbox/contracts';
import { api, type ApiError } from '../../../lib/api';
import { asVisitor } from '../../../lib/visitor-session';
import { patchConfession } from './confessions';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A report received, or refused as one already filed (409): either way the flag shows it. */
    reportConfession: build.mutation<ReportReceived, { confessionId: string } & ReportSubmission>({
      queryFn: ({ confessionId, ...body }, _api, _extra, baseQuery) =>
        asVisitor<ReportReceived>(baseQuery, {
          url: pathTo(apiPaths.reportConfession, { id: confessionId }),
          method: 'POST',
          body,
        }),
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
