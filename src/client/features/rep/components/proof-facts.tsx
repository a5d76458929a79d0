import type { ReactNode } from 'react';
import { formatDisplayDate, timeInIndia, todayInIndia, weekdayName } from '../../../../shared/dates';
import type { ProvenVisit } from '../../../../shared/schemas/visits';
import { doctorTitle } from './doctor-title';

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
  return (
    <dl className="grid" aria-label="What this proof of visit says">
      <Fact label="Medical representative">
        {v.repName}, {v.company}
      </Fact>
      <Fact label="Doctor">
        {doctorTitle(v.doctorName)}, {v.doctorSpecialty}
      </Fact>
      <Fact label="Clinic">
        {v.clinicName}, {v.clinicCity}, {v.clinicState}
      </Fact>
      <Fact label="Date of visit">
        {weekdayName(v.date)}, {formatDisplayDate(v.date)}
      </Fact>
      <Fact label="Visit time">{v.startTime ?? 'No fixed time (any time that day)'}</Fact>
      <Fact label="Checked in at reception">{timeInIndia(new Date(v.checkedInAt))} IST</Fact>
      <Fact label="Proof issued">
        {formatDisplayDate(todayInIndia(new Date(v.issuedAt)))} at {timeInIndia(new Date(v.issuedAt))} IST
      </Fact>
    </dl>
  );
}
