import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../components/layout/page-title';
import { leaveSignedInArea } from '../components/layout/session-guard';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { meQueryKey } from '../features/auth/api/keys';
import { useLogout } from '../features/auth/api/logout';
import { TermsDialog } from '../features/auth/components/terms-dialog';
import { clearSavedUser } from '../features/auth/lib/device-storage';
import { clearOfflineData } from '../lib/clear-offline-data';
import { useI18n } from '../lib/i18n';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { BookAppointmentTab } from '../features/rep/components/book-appointment-tab';
import { MyAppointmentsTab } from '../features/rep/components/my-appointments-tab';
import { RepDashboardHeader } from '../features/rep/components/rep-dashboard-header';
import { SettingsTab } from '../features/rep/components/settings-tab';
import { useRepSession } from '../features/rep/hooks/use-rep-session';
import { useReturnAfterLogin } from '../features/rep/hooks/use-return-after-login';

// Three tabs fit a 360 px screen: labels may wrap to two lines there (! wins over the primitive's defaults).
const TAB = 'whitespace-normal! px-1.5! text-[13px]! leading-tight sm:px-3! sm:text-sm!';

/** /medrep-dashboard: the signed-in rep books, reviews and cancels visits and manages the profile (spec part 2, 2.1). */
export default function MedrepDashboardPage() {
  // The rep area's guard lets this page render only for a signed-in rep (spec part 2, 2.1 and 8).
  const session = useRepSession();
  const { i18n } = useI18n();
  usePageTitle(i18n._('Medical Representative Portal'));
  const logout = useLogout();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  // docs/decisions/041: a rep sent to log in by the reception's QR code goes back to it; its page links back to My Appointments.
  useReturnAfterLogin(session.termsAccepted);
  const firstTab = params.get('tab') === 'appointments' ? 'appointments' : 'book';

  const { rep } = session;
  const goHome = () => {
    clearSavedUser('medrep');
    void clearOfflineData();
    void navigate('/', { replace: true });
  };
  const onLogout = () => {
    leaveSignedInArea();
    logout.mutate(undefined, { onSettled: goHome });
  };

  // spec part 1, 4: a rep who has not accepted the terms sees only the agreement (the server refuses the rest).
  if (!session.termsAccepted) {
    return (
      <div className="min-h-screen">
        <RepDashboardHeader fullName={rep.fullName} onLogout={onLogout} loggingOut={logout.isPending} />
        <TermsDialog
          open
          userType="medrep"
          userId={rep.id}
          onAccepted={() => void qc.invalidateQueries({ queryKey: meQueryKey })}
          onDeclined={() => {
            leaveSignedInArea();
            goHome();
          }}
        />
      </div>
    );
  }

  return (
    <div className="min-h-screen">
      <RepDashboardHeader fullName={rep.fullName} onLogout={onLogout} loggingOut={logout.isPending} />
      <main id="main" className="mx-auto max-w-6xl px-3 py-4 sm:px-6 sm:py-6">
        <AnnouncementBanner />
        <Tabs defaultValue={firstTab}>
          <TabsList aria-label={i18n._('Dashboard sections')}>
            <TabsTrigger value="book" className={TAB}>
              {i18n._('Book Appointment')}
            </TabsTrigger>
            <TabsTrigger value="appointments" className={TAB}>
              {i18n._('My Appointments')}
            </TabsTrigger>
            <TabsTrigger value="settings" className={TAB}>
              {i18n._('Settings')}
            </TabsTrigger>
          </TabsList>
          {/* Kept mounted so the doctor search survives a look at the other tabs. */}
          <TabsContent value="book" forceMount className="data-[state=inactive]:hidden">
            <BookAppointmentTab rep={rep} />
          </TabsContent>
          <TabsContent value="appointments">
            <MyAppointmentsTab repId={rep.id} />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab rep={rep} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
