import { MailPlus, Stethoscope, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { listWord, useI18n } from '../../../lib/i18n';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { RemoveDoctorDialog } from './remove-doctor-dialog';
import { InviteDoctorDialog } from '../../doctor-console/components/invite-doctor-dialog';

/** 'Your Doctors': the first linked is Primary, the others Additional, each with a remove icon. */
export function DoctorList({ clinicId, doctors }: { clinicId: number; doctors: ClinicDoctor[] }) {
  const { i18n } = useI18n();
  const [removing, setRemoving] = useState<ClinicDoctor | null>(null);
  const [inviting, setInviting] = useState<ClinicDoctor | null>(null);
  if (doctors.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._('No doctors yet. Add your first doctor with the Add Doctor form.')}</p>;
  }
  return (
    <>
      <ul className="grid gap-2" aria-label={i18n._('Your doctors')}>
        {doctors.map((d, i) => (
          <li key={d.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300">
              <Stethoscope className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900 dark:text-slate-100">{d.name}</span>
                <Badge tone={i === 0 ? 'success' : 'neutral'}>{i === 0 ? i18n._('Primary') : i18n._('Additional')}</Badge>
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {listWord(d.specialty)} · {listWord(d.city)}, {listWord(d.state)}
              </p>
            </div>
            {/* The doctor's own login (docs/decisions/073). */}
            <Button variant="secondary" size="sm" onClick={() => setInviting(d)} aria-label={i18n._('Invite {name} to their own login', { name: d.name })}>
              <MailPlus className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">{i18n._('Invite doctor')}</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={i18n._('Remove {name}', { name: d.name })}
              onClick={() => setRemoving(d)}
              className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <RemoveDoctorDialog clinicId={clinicId} doctor={removing} onClose={() => setRemoving(null)} />
      <InviteDoctorDialog doctor={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
