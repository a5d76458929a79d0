import { ChevronRight, Stethoscope } from 'lucide-react';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { listWord, useI18n } from '../../../../lib/i18n';
import { doctorTitle } from '../../../directory/components/doctor-title';

/** Several visits today at the clinic whose QR code was scanned: the rep picks the doctor (docs/decisions/041). */
export function QrVisitPicker({ visits, onPick }: { visits: RepAppointment[]; onPick: (a: RepAppointment) => void }) {
  const { i18n } = useI18n();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 font-medium">
        {i18n._('You have more than one visit at {clinic} today. Which doctor are you visiting?', { clinic: visits[0]?.clinic_name ?? '' })}
      </legend>
      <ul className="grid gap-2">
        {visits.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              onClick={() => onPick(a)}
              className="flex w-full items-center gap-3 rounded-lg border border-slate-300 bg-white p-3 text-start hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
            >
              <Stethoscope className="h-5 w-5 shrink-0 text-teal-700 dark:text-teal-300" aria-hidden />
              <span className="grid min-w-0 flex-1">
                <span className="font-semibold">{doctorTitle(a.doctor_name)}</span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {listWord(a.doctor_specialty)}
                  {a.start_time && `, ${a.start_time}`}
                </span>
              </span>
              <ChevronRight className="h-4 w-4 shrink-0 text-slate-400 rtl:-scale-x-100" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
