import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { repAppointmentsKeyPrefix } from '../api/get-rep-appointments';
import { repVisitsKeyPrefix } from '../api/get-rep-visits';
import { UpcomingAppointments } from './upcoming-appointments';
import { VisitHistory } from './visit-history';

type View = 'upcoming' | 'history';

/**
 * My Appointments (spec part 2, 2.1): the upcoming visits, reloaded each time the tab opens, with Refresh; and the
 * Visit History (docs/decisions/041), past visits with their outcome and check-in, by dates, exported as CSV.
 */
export function MyAppointmentsTab({ repId }: { repId: number }) {
  const [view, setView] = useState<View>('upcoming');
  const qc = useQueryClient();
  // Refresh reloads what is on view.
  const queryKey = view === 'upcoming' ? repAppointmentsKeyPrefix : repVisitsKeyPrefix;
  const fetching = useIsFetching({ queryKey }) > 0;

  return (
    <section aria-labelledby="my-appointments-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="my-appointments-title" className="text-lg font-semibold">
          My Appointments
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void qc.refetchQueries({ queryKey, type: 'active' })} disabled={fetching}>
          <RefreshCw className={fetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          Refresh
        </Button>
      </div>
      <Tabs value={view} onValueChange={(v) => setView(v === 'history' ? 'history' : 'upcoming')}>
        <TabsList aria-label="Which appointments" className="sm:max-w-sm">
          <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
          <TabsTrigger value="history">Visit History</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          <UpcomingAppointments repId={repId} />
        </TabsContent>
        <TabsContent value="history">
          <VisitHistory />
        </TabsContent>
      </Tabs>
    </section>
  );
}
