import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { AppointmentsView } from './appointments-view';
import { CallPreferences } from './call-preferences';
import { LeavePanel } from './leave-panel';

const subTab = 'px-2 text-xs sm:px-3 sm:text-sm';

/**
 * Medical Rep tab with its sub-tabs Appointments and Call Setting (spec part 1, 2), and Leave & Holidays: the days
 * reps cannot visit, planned ahead (docs/decisions/040-planned-absences.md).
 */
export function MedicalRepTab({ clinicId, doctor, doctors }: { clinicId: number; doctor: ClinicDoctor | undefined; doctors: ClinicDoctor[] }) {
  return (
    <Tabs defaultValue="appointments">
      <TabsList aria-label="Medical rep views" className="sm:w-auto sm:max-w-lg">
        <TabsTrigger value="appointments" className={subTab}>
          Appointments
        </TabsTrigger>
        <TabsTrigger value="call-setting" className={subTab}>
          Call Setting
        </TabsTrigger>
        <TabsTrigger value="leave" className={subTab}>
          Leave &amp; Holidays
        </TabsTrigger>
      </TabsList>
      <TabsContent value="appointments">
        <AppointmentsView clinicId={clinicId} doctor={doctor} />
      </TabsContent>
      <TabsContent value="call-setting">
        <CallPreferences clinicId={clinicId} doctor={doctor} />
      </TabsContent>
      <TabsContent value="leave">
        <LeavePanel clinicId={clinicId} doctors={doctors} selectedDoctorId={doctor?.id} />
      </TabsContent>
    </Tabs>
  );
}
