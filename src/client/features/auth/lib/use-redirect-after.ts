import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Goes to `to` after `ms` once `when` holds (spec part 2, 9: 3 s after a reset or a verification). */
export function useRedirectAfter(when: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const t = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(t);
  }, [when, to, ms, navigate]);
}
