import { useQuery } from '@tanstack/react-query';
import { History, Settings, Stethoscope, UserRound, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useI18n } from '../../../lib/i18n';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';
import { AccountSettings } from './account-settings';
import { PrivacyRightsCard } from '../../privacy/components/privacy-rights-card';
import { ClinicHeader } from './clinic-header';
import { DoctorsTab } from './doctors-tab';
import { MedicalRepTab } from './medical-rep-tab';
import { PatientsTab } from './patients-tab';
import { doctorsQueries } from '../../doctors/api/keys';
import { TeamTab } from '../../clinic-team/components/team-tab';
import { useClinicPowers } from '../../clinic-team/lib/use-clinic-person';
import { ActivityTab } from '../../clinic-activity/components/activity-tab';
import { useCanSeeActivity } from '../../clinic-activity/lib/use-can-see-activity';

const tabClass = 'flex flex-col items-center gap-1 px-1 text-xs sm:flex-row sm:justify-center sm:gap-2 sm:px-3 sm:text-sm';

/**
 * The clinic dashboard: the header with the doctor switcher and the tabs (spec part 1, 2), only those the signed-in
 * person's role allows (docs/decisions/072-clinic-team.md): reception gets no Doctors or Team tab, and in the others no
 * call settings, leave, Cancel Today's Calls or account settings; the server refuses those to them all the same.
 */
export function ClinicDashboard({ clinic }: { clinic: ClinicSessionUser }) {
  const { i18n } = useI18n();
  const powers = useClinicPowers(clinic.contactPerson);
  const showActivity = useCanSeeActivity();
  const doctorsQuery = useQuery(doctorsQueries.doctors(clinic.id));
  const doctors = doctorsQuery.data ?? [];
  const [chosenId, setChosenId] = useState<number | undefined>();
  // The chosen doctor while still linked; otherwise the Primary one.
  const selected = doctors.find((d) => d.id === chosenId) ?? doctors[0];

  return (
    <>
      <ClinicHeader clinic={clinic} person={powers.person} doctors={doctors} selectedDoctorId={selected?.id} onSelectDoctor={setChosenId} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-5">
        <Tabs defaultValue="medical-rep">
          <TabsList aria-label={i18n._('Clinic dashboard sections')} className="grid auto-cols-fr grid-flow-col sm:flex">
            <TabsTrigger value="medical-rep" className={tabClass}>
              <UserRound className="h-4 w-4" aria-hidden />
              {i18n._('Medical Rep')}
            </TabsTrigger>
            {powers.manage && (
              <TabsTrigger value="doctors" className={tabClass}>
                <Stethoscope className="h-4 w-4" aria-hidden />
                {i18n._('Doctors')}
              </TabsTrigger>
            )}
            <TabsTrigger value="patients" className={tabClass}>
              <Users className="h-4 w-4" aria-hidden />
              {i18n._('Patients')}
            </TabsTrigger>
            {powers.manage && (
              <TabsTrigger value="team" className={tabClass}>
                <UsersRound className="h-4 w-4" aria-hidden />
                {i18n._('Team')}
              </TabsTrigger>
            )}
            <TabsTrigger value="settings" className={tabClass}>
              <Settings className="h-4 w-4" aria-hidden />
              {i18n._('Settings')}
            </TabsTrigger>
            {showActivity && (
              <TabsTrigger value="activity" className={tabClass}>
                <History className="h-4 w-4" aria-hidden />
                {i18n._('Activity')}
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="medical-rep">
            <MedicalRepTab clinicId={clinic.id} doctor={selected} doctors={doctors} doctorsLoaded={doctorsQuery.isSuccess} manage={powers.manage} />
          </TabsContent>
          {powers.manage && (
            <TabsContent value="doctors">
              <DoctorsTab clinic={clinic} doctors={doctors} loading={doctorsQuery.isPending} selectedDoctorId={selected?.id} onSelectDoctor={setChosenId} />
            </TabsContent>
          )}
          {powers.manage && (
            <TabsContent value="team">
              <TeamTab canChange={powers.owner} />
            </TabsContent>
          )}
          <TabsContent value="patients">
            <PatientsTab />
          </TabsContent>
          <TabsContent value="settings">
            <AccountSettings contactNumber={clinic.contactNumber} owner={powers.owner} manage={powers.manage} />
            {/* The clinic's data and its deletion are the owner's. */}
            {powers.owner && (
              <div className="mt-4">
                <PrivacyRightsCard />
              </div>
            )}
          </TabsContent>
          {showActivity && (
            <TabsContent value="activity">
              <ActivityTab clinicId={clinic.id} />
            </TabsContent>
          )}
        </Tabs>
      </main>
    </>
  );
}
