import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { isOwner, isSinglePasswordSession } from '../../admin-auth/lib/admin-roles';
import { AdminLayout } from './admin-layout';
import { ActiveBroadcast } from '../../admin-content/components/active-broadcast';
import { AdminsTab } from '../../admin-team/components/admins-tab';
import { AnalyticsTab } from '../../admin-stats/components/analytics-tab';
import { AppointmentsTab } from '../../admin-lists/components/appointments-tab';
import { AuditTab } from '../../admin-audit/components/audit-tab';
import { BroadcastBox } from '../../admin-content/components/broadcast-box';
import { CreateOwnerBanner } from '../../admin-team/components/create-owner-banner';
import { DoctorsTab } from '../../admin-lists/components/doctors-tab';
import { ReregistrationTool } from '../../admin-email/components/reregistration-tool';
import { SecurityTab } from '../../admin-audit/components/security-tab';
import { HealthAlert, StatCards } from '../../admin-stats/components/stat-cards';
import { SubscriptionsTab } from '../../admin-lists/components/subscriptions-tab';
import { UsersTab } from '../../admin-lists/components/users-tab';
import { useI18n } from '../../../lib/i18n';
import { adminAuthQueries } from '../../admin-auth/api/keys';
import { adminStatsQueries } from '../../admin-stats/api/keys';

const TABS = [
  ['reps', /*i18n*/ 'Medical Reps'],
  ['clinics', /*i18n*/ 'Clinics'],
  ['doctors', /*i18n*/ 'Doctors'],
  ['appointments', /*i18n*/ 'Appointments'],
  ['subscriptions', /*i18n*/ 'Subscriptions'],
  ['notifications', /*i18n*/ 'Notifications'],
  ['analytics', /*i18n*/ 'Analytics'],
  ['audit', /*i18n*/ 'Audit'],
  ['security', /*i18n*/ 'Security'],
  ['admins', /*i18n*/ 'Admins'],
] as const;
type TabValue = (typeof TABS)[number][0];

/** /admin after the gate (spec part 2, 2.5), with the team's tabs (docs/decisions/042). The open tab is in `?tab=`. */
export function AdminDashboard() {
  const { i18n } = useI18n();
  const stats = useQuery(adminStatsQueries.stats());
  const me = useQuery(adminAuthQueries.me());
  const owner = isOwner(me.data);
  const [params, setParams] = useSearchParams();
  // Staff have no Admins tab (the server refuses the team to them anyway).
  const tabs = TABS.filter(([value]) => value !== 'admins' || owner);
  const asked = params.get('tab');
  const tab: TabValue = tabs.find(([value]) => value === asked)?.[0] ?? 'reps';
  const openTab = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  return (
    <AdminLayout
      title={i18n._('Admin Dashboard')}
      subtitle={i18n._('Users, appointments, subscriptions and messages')}
      page="dashboard"
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
    >
      {isSinglePasswordSession(me.data) && <CreateOwnerBanner />}
      <StatCards stats={stats.data} />
      <HealthAlert health={stats.data?.systemHealth} />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label={i18n._('Admin sections')} className="flex-wrap lg:flex-nowrap">
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {i18n._(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="reps">
          <UsersTab type="medrep" canDelete={owner} />
        </TabsContent>
        <TabsContent value="clinics">
          <UsersTab type="clinic" canDelete={owner} />
        </TabsContent>
        <TabsContent value="doctors">
          <DoctorsTab />
        </TabsContent>
        <TabsContent value="appointments">
          <AppointmentsTab />
        </TabsContent>
        <TabsContent value="subscriptions">
          <SubscriptionsTab />
        </TabsContent>
        <TabsContent value="notifications" className="grid gap-4">
          <ActiveBroadcast />
          <BroadcastBox />
          <ReregistrationTool />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        {owner && me.data && (
          <TabsContent value="admins">
            <AdminsTab me={me.data} />
          </TabsContent>
        )}
      </Tabs>
    </AdminLayout>
  );
}
