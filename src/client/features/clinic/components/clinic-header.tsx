import { Building2, LogOut, Mail, Phone, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { ClinicPerson } from '../../../../shared/schemas/auth';
import { ROLE_LABEL } from '../../clinic-team/lib/role-words';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { useLogout } from '../../auth/api/logout';
import { leaveSignedInArea } from '../../../components/layout/session-guard';
import { DoctorSwitcher } from '../../doctors/components/doctor-switcher';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';

/**
 * spec part 1, 2: who is signed in (the contact person, or a team member with their role: decision 072), clinic name,
 * the doctor switcher, e-mail, contact number and Logout.
 */
export function ClinicHeader({
  clinic,
  person,
  doctors,
  selectedDoctorId,
  onSelectDoctor,
}: {
  clinic: ClinicSessionUser;
  person: ClinicPerson;
  doctors: ClinicDoctor[];
  selectedDoctorId: number | undefined;
  onSelectDoctor: (doctorId: number) => void;
}) {
  const { i18n } = useI18n();
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = async () => {
    leaveSignedInArea();
    try {
      await logout.mutateAsync();
    } catch {
      /* the session is gone for this browser either way */
    }
    try {
      localStorage.removeItem('clinicUser');
    } catch {
      /* nothing saved */
    }
    toast({ title: i18n._('Logged Out'), description: i18n._('You have been logged out.'), variant: 'info', duration: 3000 });
    void navigate('/');
  };

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4 grid-cols-[1fr_auto] md:grid-cols-[1fr_minmax(14rem,18rem)_auto] md:items-center">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <UserRound className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate" data-testid="clinic-person">
              {person.role === 'owner' ? person.name : `${person.name} · ${i18n._(ROLE_LABEL[person.role])}`}
            </span>
          </p>
          <h1 className="mt-0.5 flex items-start gap-2 text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white">
            <Building2 className="mt-0.5 h-6 w-6 shrink-0 text-teal-700 dark:text-teal-400" aria-hidden />
            <span className="min-w-0 break-words">{clinic.clinicName}</span>
          </h1>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="flex min-w-0 items-start gap-1.5">
              <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <EmailAddress address={clinic.email} />
            </span>
            <span className="flex items-center gap-1.5">
              <Phone className="h-4 w-4 shrink-0" aria-hidden />
              {/* A number reads left to right in Urdu too (decision 045). */}
              <span dir="ltr">{displayPhone(clinic.contactNumber)}</span>
            </span>
          </div>
        </div>
        <div className="col-span-2 md:order-none md:col-span-1 order-3">
          <DoctorSwitcher id="header-doctor" doctors={doctors} selectedId={selectedDoctorId} onSelect={onSelectDoctor} />
        </div>
        <div className="order-2 flex flex-col items-end gap-2 self-start justify-self-end md:order-none md:flex-row md:items-center md:self-center">
          <LanguageSwitcher />
          <Button variant="secondary" onClick={onLogout} loading={logout.isPending}>
            <LogOut className="h-4 w-4" aria-hidden />
            {i18n._('Logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}
