import { Building2, Mail, Phone, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RepSessionUser } from '../../auth/api/me-fetch';
import type { ProfileUpdateType } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';

function ProfileRow({ icon, label, value, action, onAction }: { icon: ReactNode; label: string; value: ReactNode; action: string; onAction: () => void }) {
  const { i18n } = useI18n();
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <span className="text-slate-400" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
          <p className="text-sm break-words text-slate-900 dark:text-slate-100">{value || i18n._('Not set')}</p>
        </div>
      </div>
      <Button variant="secondary" size="sm" onClick={onAction} aria-label={i18n._('{action} {label}', { action, label })} className="shrink-0">
        {action}
      </Button>
    </li>
  );
}

/** Profile Information: each value changes through a code sent by e-mail (spec part 2, 2.1). */
export function ProfileSettingsCard({ rep, onChange }: { rep: RepSessionUser; onChange: (type: ProfileUpdateType) => void }) {
  const { i18n } = useI18n();
  return (
    <Card>
      <h2 className="text-base font-semibold">{i18n._('Profile Information')}</h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <ProfileRow
          icon={<User className="h-4 w-4" />}
          label={i18n._('Full Name')}
          value={rep.fullName}
          action={i18n._('Edit')}
          onAction={() => onChange('name')}
        />
        <ProfileRow
          icon={<Mail className="h-4 w-4" />}
          label={i18n._('Email Address')}
          value={<EmailAddress address={rep.email} />}
          action={i18n._('Change')}
          onAction={() => onChange('email')}
        />
        <ProfileRow
          icon={<Phone className="h-4 w-4" />}
          label={i18n._('Phone Number')}
          value={<span dir="ltr">{displayPhone(rep.phone)}</span>}
          action={i18n._('Update')}
          onAction={() => onChange('phone')}
        />
        <ProfileRow
          icon={<Building2 className="h-4 w-4" />}
          label={i18n._('Company')}
          value={rep.company}
          action={i18n._('Update')}
          onAction={() => onChange('company')}
        />
      </ul>
    </Card>
  );
}
