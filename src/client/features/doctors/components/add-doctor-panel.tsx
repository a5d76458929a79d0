import { clsx } from 'clsx';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';
import { AddExistingDoctorForm } from './add-existing-doctor-form';
import { AddNewDoctorForm } from './add-new-doctor-form';

const modes = [
  { id: 'new', label: /*i18n*/ 'Add New Doctor' },
  { id: 'existing', label: /*i18n*/ 'Add Existing Doctor' },
] as const;

/** The Add Doctor panel with its two modes (spec part 1, 2). */
export function AddDoctorPanel({ clinic, onAdded }: { clinic: ClinicSessionUser; onAdded: (doctor: ClinicDoctor) => void }) {
  const { i18n } = useI18n();
  const [mode, setMode] = useState<(typeof modes)[number]['id']>('new');
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Add Doctor')}</h2>
      <div role="group" aria-label={i18n._('How to add a doctor')} className="mt-3 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
        {modes.map((m) => (
          <button
            key={m.id}
            type="button"
            aria-pressed={mode === m.id}
            onClick={() => setMode(m.id)}
            className={clsx(
              'rounded-md px-2 py-2 text-xs font-medium transition-colors sm:text-sm',
              mode === m.id ? 'bg-white text-teal-800 shadow-sm dark:bg-slate-700 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300',
            )}
          >
            {i18n._(m.label)}
          </button>
        ))}
      </div>
      <div className="mt-4">
        {mode === 'new' ? <AddNewDoctorForm clinic={clinic} onAdded={onAdded} /> : <AddExistingDoctorForm clinicId={clinic.id} onAdded={onAdded} />}
      </div>
    </Card>
  );
}
