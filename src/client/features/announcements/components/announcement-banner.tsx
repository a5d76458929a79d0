import { Megaphone, X } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useActiveNotification } from '../api/use-active-notification';
import { rememberAnnouncementDismissed, wasAnnouncementDismissed } from '../lib/announcement-dismissal';

/**
 * The admin's broadcast above the tabs (spec part 2, 2.1). A dismissal is remembered on the device for that
 * announcement (docs/decisions/035): a reload keeps it hidden, a new announcement shows again.
 */
export function AnnouncementBanner() {
  const { i18n } = useI18n();
  const { data: announcement } = useActiveNotification();
  const [dismissedNow, setDismissedNow] = useState<number | null>(null);
  if (!announcement || dismissedNow === announcement.id || wasAnnouncementDismissed(announcement.id)) return null;
  const dismiss = () => {
    rememberAnnouncementDismissed(announcement.id);
    setDismissedNow(announcement.id);
  };
  return (
    <section
      aria-label={i18n._('Announcement')}
      className="mb-4 flex items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <Megaphone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 whitespace-pre-line break-words">{announcement.message}</p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={i18n._('Dismiss announcement')}
        className="-m-1 rounded p-1 text-sky-700 hover:bg-sky-100 dark:text-sky-200 dark:hover:bg-sky-900"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
