import type { ReactNode } from 'react';
import { formatDisplayDate, timeInIndia, todayInIndia } from '../../../../../shared/dates';
import type { ProvenVisit } from '../../../../../shared/schemas/visits';
import { listWord, useI18n } from '../../../../lib/i18n';
import { formatLongDate } from '../../../../lib/intl-format';
import { doctorTitle } from '../../../directory/components/doctor-title';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-t border-slate-200 py-2.5 sm:grid-cols-[13rem_1fr] sm:gap-4 dark:border-slate-700 print:grid-cols-[13rem_1fr] print:border-slate-300">
      <dt className="text-sm text-slate-600 dark:text-slate-300 print:text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-100 print:text-black">{children}</dd>
    </div>
  );
}

/**
 * What RepVisit signed in a proof of visit (docs/decisions/041): who visited whom, where, on which day, and when the
 * rep checked in at reception with the clinic's code. Times are Indian (IST).
 */
export function ProofFacts({ visit: v }: { visit: ProvenVisit }) {
  const { i18n } = useI18n();
  return (
    <dl className="grid" aria-label={i18n._('What this proof of visit says')}>
      <Fact label={i18n._('Medical representative')}>
        {v.repName}, {v.company}
      </Fact>
      <Fact label={i18n._('Doctor')}>
        {doctorTitle(v.doctorName)}, {listWord(v.doctorSpecialty)}
      </Fact>
      <Fact label={i18n._('Clinic')}>
        {v.clinicName}, {listWord(v.clinicCity)}, {listWord(v.clinicState)}
      </Fact>
      <Fact label={i18n._('Date of visit')}>{formatLongDate(v.date)}</Fact>
      <Fact label={i18n._('Visit time')}>{v.startTime ?? i18n._('No fixed time (any time that day)')}</Fact>
      <Fact label={i18n._('Checked in at reception')}>{i18n._('{time} IST', { time: timeInIndia(new Date(v.checkedInAt)) })}</Fact>
      {/* An offline check-in reached RepVisit later: the proof names when RepVisit accepted it (docs/decisions/046). */}
      {v.checkInReceivedAt && v.checkInReceivedAt !== v.checkedInAt && (
        <Fact label={i18n._('Check-in accepted by RepVisit')}>{i18n._('{time} IST', { time: timeInIndia(new Date(v.checkInReceivedAt)) })}</Fact>
      )}
      <Fact label={i18n._('Proof issued')}>
        {i18n._('{date} at {time} IST', { date: formatDisplayDate(todayInIndia(new Date(v.issuedAt))), time: timeInIndia(new Date(v.issuedAt)) })}
      </Fact>
    </dl>
  );
}
