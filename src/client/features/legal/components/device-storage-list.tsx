import { useI18n } from '../../../lib/i18n';
import { legalText } from './legal-text';

/**
 * What the app keeps in the browser besides cookies (local storage, session storage, IndexedDB, the service worker's
 * cache), for the privacy and cookies policies. None of it is sent to anyone else or used to follow you.
 */
export function DeviceStorageList() {
  const { i18n } = useI18n();
  return (
    <ul>
      <li>
        {legalText(
          i18n._(
            '<strong>Local storage:</strong> your choices on this device (dark mode, "Remember me" with the e-mail to fill in, a dismissed install prompt or announcement), your name and contact details to show in the dashboard header, and a clinic\'s last saved call settings. Signing out removes the account details.',
          ),
        )}
      </li>
      <li>
        {legalText(
          i18n._(
            '<strong>Session storage</strong> (gone when the tab closes): the registration token that lets the e-mailed code work in the browser you registered in, and where you had scrolled on each page.',
          ),
        )}
      </li>
      <li>
        {legalText(
          i18n._(
            '<strong>IndexedDB</strong> (reps): the last answers the dashboard needs offline, for up to 60 minutes, and appointments booked while offline until they are sent. Signing out deletes them.',
          ),
        )}
      </li>
      <li>
        {legalText(
          i18n._("<strong>The installed app's cache</strong>: the app's own files (pages, scripts, icons), so it opens without a network. No personal data."),
        )}
      </li>
    </ul>
  );
}
