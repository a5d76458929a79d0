import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { AppointmentsView } from './appointments-view';
import { CallPreferences } from './call-preferences';

/** Medical Rep tab with its sub-tabs Appointments and Call Setting (spec part 1, 2). */
export function MedicalRepTab({ clinicId, doctor }: { clinicId: number; doctor: ClinicDoctor | undefined }) {
  return (
    <Tabs defaultValue="appointments">
      <TabsList aria-label="Medical rep views" className="sm:w-auto sm:max-w-sm">
        <TabsTrigger value="appointments">Appointments</TabsTrigger>
        <TabsTrigger value="call-setting">Call Setting</TabsTrigger>
      </TabsList>
      <TabsContent value="appointments">
        <AppointmentsView clinicId={clinicId} doctor={doctor} />
      </TabsContent>
      <TabsContent value="call-setting">
        <CallPreferences clinicId={clinicId} doctor={doctor} />
      </TabsContent>
    </Tabs>
  );
}
