import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { SLOT_MINUTES } from '../../../../shared/booking/visit-windows';
import { LIMITS } from '../../../../shared/constants';
import { DEFAULT_AVAILABLE_DAYS, type ClinicDoctor } from '../../../../shared/schemas/clinic';
import { useDoctorSettings } from '../api/use-doctor-settings';
import { CallPreferencesForm } from './call-preferences-form';

const DEFAULTS = {
  maxSlots: LIMITS.maxSlotsDefault,
  callFrequency: LIMITS.callFrequencyDefault,
  availableDays: DEFAULT_AVAILABLE_DAYS,
  visitWindows: [],
  slotMinutes: SLOT_MINUTES.default,
  requiresApproval: false,
  doctorManagesSettings: false,
};

/** Call Setting sub-tab: the selected doctor's settings, shown from the device cache while the server answers. */
export function CallPreferences({ clinicId, doctor }: { clinicId: number; doctor: ClinicDoctor | undefined }) {
  const { i18n } = useI18n();
  const settings = useDoctorSettings(clinicId, doctor?.id);
  const initial = settings.data ?? DEFAULTS;
  // A new form when the doctor changes or the server's answer replaces the cached one.
  const formKey = `${doctor?.id ?? 'none'}:${settings.isPlaceholderData ? 'cache' : settings.isFetched ? 'server' : 'loading'}`;

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Call Preferences')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {doctor ? i18n._('When reps may visit {name}.', { name: doctor.name }) : i18n._('Select a doctor to set when reps may visit them.')}
          </p>
        </div>
        {settings.isFetching && <Spinner label={settings.isPlaceholderData ? i18n._('Showing saved copy, refreshing...') : i18n._('Loading...')} />}
      </div>
      {settings.isPending && !settings.isPlaceholderData && doctor ? (
        <Spinner label={i18n._('Loading settings...')} />
      ) : (
        <CallPreferencesForm key={formKey} clinicId={clinicId} doctor={doctor} initial={initial} />
      )}
    </Card>
  );
}
