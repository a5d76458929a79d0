import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useI18n } from '../../../lib/i18n';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { AppointmentsView } from '../../visits/components/day/appointments-view';
import { CallPreferences } from '../../call-settings/components/call-preferences';
import { CheckInCodeCard } from '../../visits/components/check-in/check-in-code-card';
import { LeavePanel } from '../../leave/components/leave-panel';
import { VisitHistory } from '../../visits/components/history/clinic-visit-history';

const subTab = 'px-2 text-xs sm:px-3 sm:text-sm';

/**
 * Medical Rep tab with its sub-tabs Appointments and Call Setting (spec part 1, 2), Leave & Holidays: the days
 * reps cannot visit, planned ahead (docs/decisions/040-planned-absences.md), and Visit History: what became of
 * each visit (docs/decisions/041-visit-outcomes-and-proof.md). Reception's check-in code leads the day view.
 */
export function MedicalRepTab({
  clinicId,
  doctor,
  doctors,
  doctorsLoaded,
  manage = true,
}: {
  clinicId: number;
  doctor: ClinicDoctor | undefined;
  doctors: ClinicDoctor[];
  /** false while the list is loading or failed to load (then the server alone says whether a code can be had) */
  doctorsLoaded: boolean;
  /** The owner's and managers' views too: call settings, leave, Cancel Today's Calls (not reception's; decision 072). */
  manage?: boolean;
}) {
  const { i18n } = useI18n();
  return (
    <Tabs defaultValue="appointments">
      <TabsList aria-label={i18n._('Medical rep views')} className="grid grid-cols-2 sm:flex sm:w-auto sm:max-w-2xl">
        <TabsTrigger value="appointments" className={subTab}>
          {i18n._('Appointments')}
        </TabsTrigger>
        {manage && (
          <TabsTrigger value="call-setting" className={subTab}>
            {i18n._('Call Setting')}
          </TabsTrigger>
        )}
        {manage && (
          <TabsTrigger value="leave" className={subTab}>
            {i18n._('Leave & Holidays')}
          </TabsTrigger>
        )}
        <TabsTrigger value="history" className={subTab}>
          {i18n._('Visit History')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="appointments" className="grid gap-4">
        <CheckInCodeCard clinicId={clinicId} hasDoctor={doctorsLoaded ? doctors.length > 0 : undefined} />
        <AppointmentsView clinicId={clinicId} doctor={doctor} canCancelDay={manage} />
      </TabsContent>
      {manage && (
        <TabsContent value="call-setting">
          <CallPreferences clinicId={clinicId} doctor={doctor} />
        </TabsContent>
      )}
      {manage && (
        <TabsContent value="leave">
          <LeavePanel clinicId={clinicId} doctors={doctors} selectedDoctorId={doctor?.id} />
        </TabsContent>
      )}
      <TabsContent value="history">
        <VisitHistory clinicId={clinicId} doctors={doctors} defaultDoctorId={doctor?.id} />
      </TabsContent>
    </Tabs>
  );
}
