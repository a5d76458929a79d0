import { clsx } from 'clsx';
import { Bell, Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ComingSoonBadge } from './coming-soon-badge';

// spec part 2, 2.1: the e-mail toggle is on by default and kept on this device only.
const EMAIL_NOTIFICATIONS_KEY = 'repEmailNotifications';

function readEmailPreference(): boolean {
  try {
    return localStorage.getItem(EMAIL_NOTIFICATIONS_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** Notifications: the e-mail toggle; SMS and app notifications are not yet offered. */
export function NotificationSettingsCard() {
  const [email, setEmail] = useState(readEmailPreference);
  const toggle = () => {
    const next = !email;
    setEmail(next);
    try {
      localStorage.setItem(EMAIL_NOTIFICATIONS_KEY, String(next));
    } catch {
      /* storage blocked: the choice lasts for this visit */
    }
  };
  return (
    <Card>
      <h2 className="text-base font-semibold">Notifications</h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <li className="flex items-center justify-between gap-3 py-3">
          <span id="email-notifications-label" className="flex items-center gap-3 text-sm">
            <Mail className="h-4 w-4 text-slate-400" aria-hidden /> Email Notifications
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={email}
            aria-labelledby="email-notifications-label"
            onClick={toggle}
            className={clsx(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
              email ? 'bg-teal-700' : 'bg-slate-300 dark:bg-slate-600',
            )}
          >
            <span className={clsx('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', email ? 'translate-x-5' : 'translate-x-0.5')} />
          </button>
        </li>
        <li className="flex items-center justify-between gap-3 py-3">
          <span className="flex items-center gap-3 text-sm">
            <MessageSquare className="h-4 w-4 text-slate-400" aria-hidden /> SMS Notifications
          </span>
          <ComingSoonBadge />
        </li>
        <li className="flex items-center justify-between gap-3 py-3">
          <span className="flex items-center gap-3 text-sm">
            <Bell className="h-4 w-4 text-slate-400" aria-hidden /> App Notifications
          </span>
          <ComingSoonBadge />
        </li>
      </ul>
    </Card>
  );
}
