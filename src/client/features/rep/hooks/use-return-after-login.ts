import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { takeReturnAfterLogin } from '../../visits/lib/return-after-login';

/** On the dashboard after a login: back to the page that asked for it (the QR check-in), once, when `ready`. */
export function useReturnAfterLogin(ready: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!ready) return;
    const path = takeReturnAfterLogin();
    if (path) void navigate(path, { replace: true });
  }, [ready, navigate]);
}
