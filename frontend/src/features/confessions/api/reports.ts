import { apiPaths, pathTo, type ReportReceived, type ReportSubmission } from '@secretchatbox/contracts';
import { api } from '../../../lib/api';
import { asVisitor } from '../../../lib/visitor-session';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportConfession: build.mutation<ReportReceived, { confessionId: string } & ReportSubmission>({
      queryFn: ({ confessionId, ...body }, _api, _extra, baseQuery) =>
        asVisitor<ReportReceived>(baseQuery, {
          url: pathTo(apiPaths.reportConfession, { id: confessionId }),
          method: 'POST',
          body,
        }),
    }),
  }),
});

export const { useReportConfessionMutation } = reportsApi;
