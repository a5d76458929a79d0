import { useState } from 'react';
import type { RepSessionUser } from '../../auth/api/me-fetch';
import type { ProfileUpdateType } from '../../../../shared/schemas/profile';
import { PrivacyRightsCard } from '../../privacy/components/privacy-rights-card';
import { CalendarFeedCard } from '../../notifications/components/calendar-feed-card';
import { SubscriptionPanel } from '../../subscriptions/components/subscription-panel';
import { AppearanceSettingsCard } from '../../account/components/appearance-settings-card';
import { LanguageSettingsCard } from '../../account/components/language-settings-card';
import { NotificationSettingsCard } from '../../notifications/components/notification-settings-card';
import { ProfileChangeDialog } from '../../rep-profile/components/profile-change-dialog';
import { ProfileSettingsCard } from '../../rep-profile/components/profile-settings-card';
import { SecuritySettingsCard } from '../../auth/components/security-settings-card';

/** Settings: profile, security, notifications, language, appearance and the subscription (spec part 2, 2.1; decision 045). */
export function SettingsTab({ rep }: { rep: RepSessionUser }) {
  const [changing, setChanging] = useState<ProfileUpdateType | null>(null);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ProfileSettingsCard rep={rep} onChange={setChanging} />
      <div className="grid content-start gap-4">
        <SecuritySettingsCard onChangePassword={() => setChanging('password')} />
        <NotificationSettingsCard ownPhone={rep.phone} />
        <CalendarFeedCard />
        <LanguageSettingsCard />
        <AppearanceSettingsCard />
        <PrivacyRightsCard />
      </div>
      <div className="lg:col-span-2">
        <SubscriptionPanel repId={rep.id} customerName={rep.fullName} customerEmail={rep.email} customerPhone={rep.phone} />
      </div>
      {changing && <ProfileChangeDialog key={changing} rep={rep} type={changing} onClose={() => setChanging(null)} />}
    </div>
  );
}
