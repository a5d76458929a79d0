import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAdminMe } from '../api/get-admin-me';
import { useAdminStats } from '../api/get-admin-stats';
import { isOwner, isSinglePasswordSession } from '../lib/admin-roles';
import { AdminHeader } from './admin-header';
import { ActiveBroadcast } from './active-broadcast';
import { AdminsTab } from './admins-tab';
import { AnalyticsTab } from './analytics-tab';
import { AppointmentsTab } from './appointments-tab';
import { AuditTab } from './audit-tab';
import { BroadcastBox } from './broadcast-box';
import { CreateOwnerBanner } from './create-owner-banner';
import { DoctorsTab } from './doctors-tab';
import { ReregistrationTool } from './reregistration-tool';
import { SecurityTab } from './security-tab';
import { HealthAlert, StatCards } from './stat-cards';
import { SubscriptionsTab } from './subscriptions-tab';
import { UsersTab } from './users-tab';

const TABS = [
  ['reps', 'Medical Reps'],
  ['clinics', 'Clinics'],
  ['doctors', 'Doctors'],
  ['appointments', 'Appointments'],
  ['subscriptions', 'Subscriptions'],
  ['notifications', 'Notifications'],
  ['analytics', 'Analytics'],
  ['audit', 'Audit'],
  ['security', 'Security'],
  ['admins', 'Admins'],
] as const;
type TabValue = (typeof TABS)[number][0];

/** /admin after the gate (spec part 2, 2.5), with the team's tabs (docs/decisions/042). The open tab is in `?tab=`. */
export function AdminDashboard() {
  const stats = useAdminStats();
  const me = useAdminMe();
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
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <AdminHeader title="Admin Dashboard" subtitle="Users, appointments, subscriptions and messages" page="dashboard" />
      <main id="main" className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-5 sm:px-4">
        {isSinglePasswordSession(me.data) && <CreateOwnerBanner />}
        <StatCards stats={stats.data} />
        <HealthAlert health={stats.data?.systemHealth} />
        <Tabs value={tab} onValueChange={openTab}>
          <TabsList aria-label="Admin sections" className="flex-wrap lg:flex-nowrap">
            {tabs.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
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
      </main>
    </div>
  );
}
