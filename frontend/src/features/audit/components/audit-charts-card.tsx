import type { College } from '@secretchatbox/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { inputStyles } from '../../../components/ui/styles';
import { useGetAuditMetricsQuery } from '../api';
import { CollegeSelect } from './college-select';

// The charting library loads only with this card.
const AuditCharts = lazy(() => import('./audit-charts'));

const spans = [7, 30, 90] as const;
const smallInput = `${inputStyles} py-2`;

type Props = {
  /** The colleges to chart (auditors, the chief); a college admin's charts are its college's. */
  colleges?: readonly College[];
  collegeCode?: string;
};

/** Charts of moderation volume per day and decision times, for one college over a span of days. */
export function AuditChartsCard({ colleges, collegeCode: own }: Props) {
  const [span, setSpan] = useState<(typeof spans)[number]>(30);
  const [picked, setPicked] = useState(colleges?.[0]?.code ?? '');
  const collegeCode = own ?? (picked || colleges?.[0]?.code);
  const range = useMemo(() => {
    const to = new Date();
    to.setUTCHours(24, 0, 0, 0);
    return { from: new Date(to.getTime() - span * 86_400_000).toISOString(), to: to.toISOString() };
  }, [span]);
  const metrics = useGetAuditMetricsQuery({ ...range, collegeCode }, { skip: !collegeCode });
  return (
    <Card className="space-y-4 p-4 sm:p-6" aria-labelledby="audit-charts-title">
      <h2 id="audit-charts-title" className="text-xl font-bold">
        Charts
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {colleges && !own && <CollegeSelect colleges={colleges} value={collegeCode ?? ''} onChange={setPicked} />}
        <Field label="Span">
          {(id) => (
            <select
              id={id}
              value={span}
              onChange={(event) => setSpan(Number(event.target.value) as (typeof spans)[number])}
              className={smallInput}
            >
              {spans.map((days) => (
                <option key={days} value={days}>
                  Last {days} days
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Suspense fallback={<Spinner label="Loading the charts" />}>
        {metrics.data ? <AuditCharts metrics={metrics.data} /> : <Spinner label="Loading the figures" />}
      </Suspense>
    </Card>
  );
}
