import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { leaveSignedInArea } from '../../../components/layout/session-guard';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/intl-format';
import { useI18n } from '../../../lib/i18n';
import type { DoctorUser } from '../../../../shared/schemas/auth';
import { useLogout } from '../../auth/api/logout';
import { doctorConsoleQueries } from '../api/keys';
import { ClinicDayCard } from './clinic-day-card';

/** The doctor's day at every clinic that invited them (docs/decisions/073), phone first. */
export function DoctorDay({ doctor }: { doctor: DoctorUser }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const logout = useLogout();
  const day = useQuery(doctorConsoleQueries.day());
  const signOut = () => {
    leaveSignedInArea();
    logout.mutate(undefined, { onSettled: () => void navigate('/doctor-login') });
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-3 py-4 sm:px-6 sm:py-8">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">{i18n._('Your day')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {doctor.name}
            {day.data ? ` · ${formatLongDate(day.data.date)}` : ''}
          </p>
        </div>
        <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" onClick={signOut} loading={logout.isPending}>
          <LogOut className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {i18n._('Logout')}
        </Button>
      </div>
      {day.isPending ? (
        <Spinner label={i18n._('Loading your day...')} />
      ) : day.isError ? (
        <Card className="p-4 text-sm text-red-700 dark:text-red-300" role="alert">
          {errorMessage(day.error, i18n._('Something went wrong. Please try again.'))}
        </Card>
      ) : day.data.clinics.length === 0 ? (
        <Card className="p-4 text-sm text-slate-700 dark:text-slate-300">{i18n._('No clinic has linked your login yet. Ask a clinic to invite you.')}</Card>
      ) : (
        day.data.clinics.map((c) => <ClinicDayCard key={c.clinicId} clinic={c} isToday={day.data.date === day.data.today} />)
      )}
    </div>
  );
}
