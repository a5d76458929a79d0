import { AlertTriangle, Building2, CalendarCheck, CreditCard, Users } from 'lucide-react';
import { clsx } from 'clsx';
import { Card } from '../../../components/ui/card';
import type { AdminStats } from '../../../../shared/schemas/admin';
import { STAT_LABELS } from '../lib/stat-labels';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

/** spec part 2, 2.5: the four stat cards. */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  const { i18n } = useI18n();
  const cards = [
    { label: STAT_LABELS.totalClinics, value: stats?.totalClinics, Icon: Building2 },
    { label: STAT_LABELS.medicalReps, value: stats?.totalMedicalReps, Icon: Users },
    { label: STAT_LABELS.appointments, value: stats?.totalAppointments, Icon: CalendarCheck },
    { label: STAT_LABELS.activeSubscriptions, value: stats?.activeSubscriptions, Icon: CreditCard },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={i18n._('Platform statistics')}>
      {cards.map(({ label, value, Icon }) => (
        <li key={label}>
          <Card className="flex items-center justify-between gap-2 p-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{i18n._(label)}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value === undefined ? '–' : formatNumber(value)}</p>
            </div>
            <Icon className="hidden h-8 w-8 shrink-0 text-teal-700 sm:block dark:text-teal-400" aria-hidden />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** spec part 2, 2.5: shown only when health is not 'healthy'; destructive style when 'critical'. */
export function HealthAlert({ health }: { health: AdminStats['systemHealth'] | undefined }) {
  const { i18n } = useI18n();
  if (!health || health === 'healthy') return null;
  const critical = health === 'critical';
  return (
    <div
      role="alert"
      className={clsx(
        'flex items-start gap-3 rounded-lg border p-3 text-sm',
        critical
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
      )}
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        {critical
          ? i18n._('System health: critical. Please check system logs.')
          : health === 'degraded'
            ? i18n._('System health: degraded. Please check system logs.')
            : i18n._('System health: {health}. Please check system logs.', { health })}
      </p>
    </div>
  );
}
