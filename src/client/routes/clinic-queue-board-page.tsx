import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/layout/page-title';
import { QueueBoardView } from '../features/live-queue/components/queue-board';
import { useClinicSession } from '../features/clinic/lib/use-clinic-session';
import { useI18n } from '../lib/i18n';

/**
 * /clinic/queue-board?clinicId=: the waiting room's TV (docs/decisions/074-live-queue.md), reception and up, in the
 * clinic's language (the account's, applied at sign-in). Without a clinicId: the signed-in clinic's.
 */
export default function ClinicQueueBoardPage() {
  const { i18n } = useI18n();
  usePageTitle(i18n._('Queue board'));
  const clinic = useClinicSession();
  const [params] = useSearchParams();
  const asked = Number(params.get('clinicId'));
  return <QueueBoardView clinicId={Number.isInteger(asked) && asked > 0 ? asked : clinic.id} />;
}
