import { lazy, Suspense, useState } from 'react';
import { useCurrentToast } from '../../lib/toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport (Radix), loaded when the first toast comes and kept from then on: a page that never shows a
 * toast never downloads it (decisions 012 and 025). Radix announces a toast through its own live region, made as
 * the toast opens, so the first one is heard too.
 */
export function LazyToaster() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  // Adjusted while rendering (no effect): once a toast has come, the viewport stays.
  if (current && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
