import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../../../shared/subscription/subscription-status';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { STAT_LABELS } from '../lib/stat-labels';
import { BackupCard } from '../../jobs/components/backup-card';
import { JobsCard } from '../../jobs/components/jobs-card';
import { BarChart } from './bar-chart';
import { i18n, listWord, useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { adminStatsQueries } from '../api/keys';

/** Subscription Analytics' first figure (spec part 2, 2.5): the 'Active Subscriptions' card's count. */
const ACTIVE = /*i18n*/ 'Active';

// The stored statuses, each its own row (several share one panel label), named in the language on screen.
const STORED_STATUS_NAMES: Record<string, string> = {
  active: ACTIVE,
  authenticated: /*i18n*/ 'Authenticated',
  free_trial: /*i18n*/ 'Free trial',
  trial: /*i18n*/ 'Trial',
  paid: /*i18n*/ 'Paid',
  created: /*i18n*/ 'Created',
  pending: /*i18n*/ 'Pending',
  inactive: /*i18n*/ 'Inactive',
  expired: /*i18n*/ 'Expired',
  refunded: /*i18n*/ 'Refunded',
  cancelled: /*i18n*/ 'Cancelled',
} satisfies Record<SubscriptionStatus | 'cancelled', string>;

/** 'free_trial' as 'Free trial'; a status not listed, from its own words. */
function statusName(status: string): string {
  const name = STORED_STATUS_NAMES[status];
  return name ? i18n._(name) : (status.charAt(0).toUpperCase() + status.slice(1)).replace(/_/g, ' ');
}

/** A figure: its label (marked for translation where written, translated where shown), its value and, where a figure is part of another, a note saying so. */
type Figure = [label: string, value: number | string, note?: string];

/** A share as a whole percentage; '—' when there was nothing to share out. */
const percent = (rate: number | null) => (rate === null ? '—' : `${formatNumber(Math.round(rate * 100))}%`);

function Figures({ title, items }: { title: string; items: Figure[] }) {
  const { i18n } = useI18n();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(([label, value, note]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{i18n._(label)}</dt>
            <dd className="text-xl font-bold text-slate-900 dark:text-white">{typeof value === 'number' ? formatNumber(value) : value}</dd>
            {note && <dd className="text-xs text-slate-500 dark:text-slate-400">{note}</dd>}
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** spec part 2, 2.5: Platform Overview and Subscription Analytics, plus three charts (decision 009). */
export function AnalyticsTab() {
  const { i18n } = useI18n();
  const analytics = useQuery(adminStatsQueries.analytics());
  if (analytics.isPending) return <Spinner label={i18n._('Loading analytics...')} />;
  if (analytics.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(analytics.error, i18n._('Failed to load analytics'))}
      </p>
    );
  const a = analytics.data;
  return (
    <section aria-label={i18n._('Analytics')} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Figures
          title={i18n._('Platform Overview')}
          items={[
            [/*i18n*/ 'Total Users', a.overview.totalUsers],
            [STAT_LABELS.medicalReps, a.overview.totalReps],
            [STAT_LABELS.totalClinics, a.overview.totalClinics],
            [/*i18n*/ 'Doctors', a.overview.totalDoctors],
            [STAT_LABELS.appointments, a.overview.totalAppointments],
          ]}
        />
        {/* The stat card's count (docs/decisions/035) under the spec's word for it here, 'Active' (part 2, 2.5; decision 052). */}
        <Figures
          title={i18n._('Subscription Analytics')}
          items={[
            [ACTIVE, a.subscriptions.active],
            [/*i18n*/ 'Free Trials', a.subscriptions.freeTrials, i18n._('Included in {figure}', { figure: i18n._(ACTIVE) })],
            [/*i18n*/ 'Expired/Cancelled', a.subscriptions.expiredOrCancelled],
          ]}
        />
      </div>
      {/* How the visits of the last 30 days before today ended, cancelled ones left out (docs/decisions/041). */}
      <Figures
        title={i18n._('Visit Outcomes')}
        items={[
          [
            /*i18n*/ 'Completion rate (last 30 days)',
            percent(a.visitOutcomes.completionRate),
            i18n._(
              '{total, plural, one {{count} of {visits} visit dated {from} to {to}, not cancelled} other {{count} of {visits} visits dated {from} to {to}, not cancelled}}',
              {
                total: a.visitOutcomes.visits,
                count: formatNumber(a.visitOutcomes.completed),
                visits: formatNumber(a.visitOutcomes.visits),
                from: displayDate(a.visitOutcomes.from),
                to: displayDate(a.visitOutcomes.to),
              },
            ),
          ],
          [
            /*i18n*/ 'No-show rate (last 30 days)',
            percent(a.visitOutcomes.noShowRate),
            i18n._('{total, plural, one {{count} of {visits} visit} other {{count} of {visits} visits}}', {
              total: a.visitOutcomes.visits,
              count: formatNumber(a.visitOutcomes.noShow),
              visits: formatNumber(a.visitOutcomes.visits),
            }),
          ],
        ]}
      />
      <Card>
        <BarChart
          title={i18n._('Appointments booked per day (last 30 days)')}
          kind="columns"
          labelHeader={i18n._('Day')}
          valueHeader={i18n._('Appointments booked')}
          data={a.appointmentsPerDay.map((d) => ({ label: displayDate(d.date), short: displayDate(d.date).slice(0, 5), value: d.count }))}
        />
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Card>
          <BarChart
            title={i18n._('Bookings by state')}
            labelHeader={i18n._('State')}
            valueHeader={i18n._('Bookings')}
            data={a.bookingsByState.map((s) => ({ label: listWord(s.state), value: s.count }))}
          />
        </Card>
        <Card>
          <BarChart
            title={i18n._('Subscriptions by status')}
            labelHeader={i18n._('Status')}
            valueHeader={i18n._('Medical reps')}
            data={a.subscriptionsByStatus.map((s) => ({ label: statusName(s.status), value: s.count }))}
          />
        </Card>
      </div>
      <BackupCard />
      <JobsCard />
    </section>
  );
}
