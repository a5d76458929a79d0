import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { authQueries } from '../features/auth/api/keys';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { CheckInLoginPrompt } from '../features/visits/components/check-in/check-in-login-prompt';
import { QrCheckIn } from '../features/visits/components/check-in/qr-check-in';
import { useI18n } from '../lib/i18n';

/** The clinic id of the QR link, or null when it is missing or not an id. */
function clinicIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /check-in?clinicId=&code=: where the reception's QR code leads (docs/decisions/041). A signed-in rep is checked in to
 * today's visit at that clinic; anyone else is asked to log in as a rep and comes back here.
 */
export default function CheckInPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const me = useQuery(authQueries.me());
  const { i18n } = useI18n();
  const rep = me.data?.userType === 'medrep' ? me.data.user : null;
  return (
    <AuthPageCard title={i18n._('Check in at reception')}>
      {me.isPending ? (
        <Spinner label={i18n._('Loading...')} />
      ) : rep ? (
        <QrCheckIn repId={rep.id} clinicId={clinicIdOf(params.get('clinicId'))} code={(params.get('code') ?? '').trim()} />
      ) : (
        <CheckInLoginPrompt returnTo={location.pathname + location.search} />
      )}
    </AuthPageCard>
  );
}
