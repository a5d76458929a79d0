import { useQuery } from '@tanstack/react-query';
import { Checkbox } from '../../../components/ui/checkbox';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { notificationsQueries } from '../api/keys';
import { useSaveClinicPreferences } from '../api/save-clinic-preferences';
import { WhatsAppSetting } from '../../whatsapp/components/whatsapp-setting';
import type { ClinicPreferences, ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';

// The PUT takes both boxes; WhatsApp's fields go only when WhatsApp changes (absent leaves it as it is).
const choices = ({ emailNotifications, smsNotifications }: ClinicPreferencesResponse) => ({ emailNotifications, smsNotifications });

/**
 * The e-mail notification choice, stored on the server; WhatsApp messages to the clinic's contact number or another
 * confirmed one where the server offers them (docs/decisions/044-whatsapp.md); SMS is marked 'Coming Soon'.
 */
export function NotificationPreferences({ contactNumber }: { contactNumber: string }) {
  const { i18n } = useI18n();
  const prefs = useQuery(notificationsQueries.clinicPreferences());
  const save = useSaveClinicPreferences();
  if (prefs.isPending) return <Spinner label={i18n._('Loading preferences...')} />;
  if (prefs.isError) return <p className="text-sm text-red-600 dark:text-red-400">{i18n._('Could not load your notification preferences.')}</p>;

  const update = (patch: Partial<ClinicPreferences>) =>
    save.mutate(
      { ...choices(prefs.data), ...patch },
      {
        onSuccess: () =>
          toast({ title: i18n._('Preferences Saved'), description: i18n._('Your notification preferences were updated.'), variant: 'success', duration: 3000 }),
        onError: (err) =>
          toast({ title: i18n._('Error'), description: errorMessage(err, i18n._('Failed to save preferences. Please try again.')), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-3">
      <Checkbox
        label={i18n._('Email notifications')}
        checked={prefs.data.emailNotifications}
        onCheckedChange={(v) => update({ emailNotifications: v })}
        disabled={save.isPending}
      />
      {/* Kept near the boxes on a wide screen, where a switch at the far edge would read as a setting of its own. */}
      <WhatsAppSetting
        className="max-w-xl"
        status={prefs.data}
        ownNumber={contactNumber}
        save={(whatsapp) => save.mutateAsync({ ...choices(prefs.data), ...whatsapp })}
      />
      {/* Nothing sends SMS: the choice is not offered, 'Coming Soon' (spec part 2, 2.1; decision 038). */}
      <Checkbox
        label={
          <span className="inline-flex flex-wrap items-center gap-2">
            {i18n._('SMS notifications')} <Badge tone="warning">{i18n._('Coming Soon')}</Badge>
          </span>
        }
        checked={false}
        onCheckedChange={() => {}}
        disabled
      />
    </div>
  );
}
