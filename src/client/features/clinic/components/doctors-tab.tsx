import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';
import { AddDoctorPanel } from '../../doctors/components/add-doctor-panel';
import { DoctorList } from '../../doctors/components/doctor-list';
import { DoctorSwitcher } from '../../doctors/components/doctor-switcher';

/** Doctors tab: the settings selector, 'Your Doctors' and the Add Doctor panel (spec part 1, 2). */
export function DoctorsTab({
  clinic,
  doctors,
  loading,
  selectedDoctorId,
  onSelectDoctor,
}: {
  clinic: ClinicSessionUser;
  doctors: ClinicDoctor[];
  loading: boolean;
  selectedDoctorId: number | undefined;
  onSelectDoctor: (doctorId: number) => void;
}) {
  const { i18n } = useI18n();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <Card className="p-4 sm:p-5">
          <DoctorSwitcher
            id="settings-doctor"
            label={i18n._('Select Doctor for Settings')}
            doctors={doctors}
            selectedId={selectedDoctorId}
            onSelect={onSelectDoctor}
          />
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Your Doctors')}</h2>
          {loading ? <Spinner label={i18n._('Loading doctors...')} /> : <DoctorList clinicId={clinic.id} doctors={doctors} />}
        </Card>
      </div>
      <AddDoctorPanel
        clinic={clinic}
        onAdded={(doctor) => {
          if (selectedDoctorId === undefined) onSelectDoctor(doctor.id);
        }}
      />
    </div>
  );
}
