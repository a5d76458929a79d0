import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useI18n } from '../../../lib/i18n';
import { repAppointmentsKeyPrefix } from '../../booking/api/keys';
import { repVisitsKeyPrefix } from '../../visits/api/keys';
import { waitlistKey } from '../../waitlist/api/keys';
import { RescheduleVisit } from '../../booking/components/reschedule-visit';
import { UpcomingAppointments } from '../../visits/components/upcoming/upcoming-appointments';
import { VisitHistory } from '../../visits/components/history/rep-visit-history';
import { WaitlistSection } from '../../waitlist/components/waitlist-section';

type View = 'upcoming' | 'history';

/**
 * My Appointments (spec part 2, 2.1): the upcoming visits, reloaded each time the tab opens, with Refresh; and the
 * Visit History (docs/decisions/041), past visits with their outcome and check-in, by dates, exported as CSV. Above
 * both, the rep's waitlist; and, while a visit is being moved, its calendar in their place (docs/decisions/043).
 */
export function MyAppointmentsTab({ repId }: { repId: number }) {
  const { i18n } = useI18n();
  const [view, setView] = useState<View>('upcoming');
  const [moving, setMoving] = useState<RepAppointment | null>(null);
  // The visit whose Reschedule button takes the focus back when its calendar closes.
  const returnTo = useRef<number | null>(null);
  const qc = useQueryClient();
  // Refresh reloads what is on view, and the waitlist (its offers run out).
  const queryKey = view === 'upcoming' ? repAppointmentsKeyPrefix : repVisitsKeyPrefix;
  const fetching = useIsFetching({ queryKey }) + useIsFetching({ queryKey: waitlistKey }) > 0;

  useEffect(() => {
    if (moving || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-reschedule="${id}"]`);
    if (button && !button.disabled) button.focus();
    else document.getElementById('my-appointments-title')?.focus();
  }, [moving]);

  if (moving) {
    return (
      <section aria-labelledby="my-appointments-title" className="grid gap-4">
        <h2 id="my-appointments-title" className="sr-only">
          {i18n._('My Appointments')}
        </h2>
        <RescheduleVisit
          repId={repId}
          appointment={moving}
          onClose={() => {
            returnTo.current = moving.id;
            setMoving(null);
          }}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="my-appointments-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="my-appointments-title" tabIndex={-1} className="text-lg font-semibold outline-none">
          {i18n._('My Appointments')}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void Promise.all([queryKey, waitlistKey].map((key) => qc.refetchQueries({ queryKey: key, type: 'active' })))}
          disabled={fetching}
        >
          <RefreshCw className={fetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          {i18n._('Refresh')}
        </Button>
      </div>
      <WaitlistSection />
      <Tabs value={view} onValueChange={(v) => setView(v === 'history' ? 'history' : 'upcoming')}>
        <TabsList aria-label={i18n._('Which appointments')} className="sm:max-w-sm">
          <TabsTrigger value="upcoming">{i18n._('Upcoming')}</TabsTrigger>
          <TabsTrigger value="history">{i18n._('Visit History')}</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          <UpcomingAppointments repId={repId} onReschedule={setMoving} />
        </TabsContent>
        <TabsContent value="history">
          <VisitHistory />
        </TabsContent>
      </Tabs>
    </section>
  );
}
