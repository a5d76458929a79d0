import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAdminStats } from '../api/get-admin-stats';
import { AdminHeader } from './admin-header';
import { ActiveBroadcast } from './active-broadcast';
import { AnalyticsTab } from './analytics-tab';
import { AppointmentsTab } from './appointments-tab';
import { BroadcastBox } from './broadcast-box';
import { DoctorsTab } from './doctors-tab';
import { ReregistrationTool } from './reregistration-tool';
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
] as const;

/** /admin after the gate (spec part 2, 2.5). */
export function AdminDashboard() {
  const stats = useAdminStats();
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <AdminHeader title="Admin Dashboard" subtitle="Users, appointments, subscriptions and messages" page="dashboard" />
      <main id="main" className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-5 sm:px-4">
        <StatCards stats={stats.data} />
        <HealthAlert health={stats.data?.systemHealth} />
        <Tabs defaultValue="reps">
          <TabsList aria-label="Admin sections" className="flex-wrap lg:flex-nowrap">
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="reps">
            <UsersTab type="medrep" />
          </TabsContent>
          <TabsContent value="clinics">
            <UsersTab type="clinic" />
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
        </Tabs>
      </main>
    </div>
  );
}
