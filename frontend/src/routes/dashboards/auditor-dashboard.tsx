import * as Tabs from '@radix-ui/react-tabs';
import type { AuthUser } from '@secretchatbox/contracts';
import { BarChart3, History, ScrollText } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';
import { TabStrip } from '../../components/ui/tab-strip';
import { AuditChartsCard } from '../../features/audit/components/audit-charts-card';
import { AuditLogCard } from '../../features/audit/components/audit-log-card';
import { ChainStatusCard } from '../../features/audit/components/chain-status-card';
import { TimeTravelCard } from '../../features/audit/components/time-travel-card';
import { useGetCollegesQuery } from '../../features/colleges/api';
import { DashboardHeader } from './dashboard-header';

const tabs = [
  { value: 'log', label: 'Moderation Log', icon: ScrollText },
  { value: 'time-travel', label: 'Time Travel', icon: History },
  { value: 'charts', label: 'Charts', icon: BarChart3 },
] as const;

/**
 * /auditor-dashboard, where auditors land (and the chief's audit tools): the chain's status, the
 * moderation log with each item's history, the queues and items as of any moment, and charts.
 */
export function AuditorDashboard({ user }: { user: AuthUser }) {
  const { data: colleges } = useGetCollegesQuery();
  return (
    <div className="space-y-6">
      <DashboardHeader title="Auditor Dashboard" user={user}>
        <ButtonLink to="/admin" variant="subtle">
          Live queues
        </ButtonLink>
      </DashboardHeader>
      <ChainStatusCard />
      <Tabs.Root defaultValue="log" className="space-y-4">
        <TabStrip label="Audit tools" tabs={tabs} />
        <Tabs.Content value="log">
          <AuditLogCard colleges={colleges ?? []} />
        </Tabs.Content>
        <Tabs.Content value="time-travel">
          <TimeTravelCard colleges={colleges ?? []} />
        </Tabs.Content>
        <Tabs.Content value="charts">{colleges ? <AuditChartsCard colleges={colleges} /> : null}</Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
