import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useClinicPreferences } from '../api/get-clinic-preferences';
import { useSaveClinicPreferences } from '../api/save-clinic-preferences';

/** E-mail and SMS notification choices, stored on the server. */
export function NotificationPreferences() {
  const prefs = useClinicPreferences();
  const save = useSaveClinicPreferences();
  if (prefs.isPending) return <Spinner label="Loading preferences..." />;
  if (prefs.isError) return <p className="text-sm text-red-600 dark:text-red-400">Could not load your notification preferences.</p>;

  const update = (patch: Partial<typeof prefs.data>) =>
    save.mutate(
      { ...prefs.data, ...patch },
      {
        onSuccess: () => toast({ title: 'Preferences Saved', description: 'Your notification preferences were updated.', variant: 'success', duration: 3000 }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save preferences. Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-3">
      <Checkbox
        label="Email notifications"
        checked={prefs.data.emailNotifications}
        onCheckedChange={(v) => update({ emailNotifications: v })}
        disabled={save.isPending}
      />
      <Checkbox
        label="SMS notifications"
        checked={prefs.data.smsNotifications}
        onCheckedChange={(v) => update({ smsNotifications: v })}
        disabled={save.isPending}
      />
    </div>
  );
}
