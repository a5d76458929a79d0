import { LogIn } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../lib/i18n';
import { rememberReturnAfterLogin } from '../../lib/return-after-login';

/**
 * The reception's QR code opened where no rep is signed in (docs/decisions/041): the rep logs in at /medrep-login and
 * the dashboard brings them back here to finish the check-in (features/visits/lib/return-after-login.ts).
 */
export function CheckInLoginPrompt({ returnTo }: { returnTo: string }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const logIn = () => {
    rememberReturnAfterLogin(returnTo);
    void navigate('/medrep-login');
  };
  return (
    <div className="grid justify-items-start gap-4">
      <p role="status" className="text-slate-700 dark:text-slate-200">
        {i18n._('Please log in to check in. You will come back here after logging in.')}
      </p>
      <Button onClick={logIn}>
        <LogIn className="h-4 w-4" aria-hidden />
        {i18n._('Log in')}
      </Button>
    </div>
  );
}
