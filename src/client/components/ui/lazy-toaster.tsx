import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useCurrentToast } from '../../lib/toast';
import { PlainToast } from './plain-toast';

let loading: Promise<{ default: ComponentType }> | null = null;
/** The viewport's code; a failed load is forgotten, so the next try fetches it again. */
function loadToaster(): Promise<{ default: ComponentType }> {
  loading ??= import('./toaster').then(
    (m) => ({ default: m.Toaster }),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Fetches the viewport's code before any toast is due: a page that will speak offline (the rep's dashboard, decision
 * 010) must not first need it with the network gone (decision 047).
 */
export function preloadToaster(): void {
  void loadToaster().catch(() => undefined);
}

// React keeps a lazy component's failure, so each try after a failure is a new one.
const tries: ComponentType[] = [];
const toasterTry = (n: number): ComponentType => (tries[n] ??= lazy(loadToaster));

/**
 * Where the viewport's code could not be loaded (offline on a page the service worker does not keep yet), the toast is
 * shown plainly instead of the whole app going blank, and the viewport is tried again once the network is back.
 */
class ToasterBoundary extends Component<{ children: (attempt: number) => ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));

  override componentDidCatch() {
    window.addEventListener('online', this.retry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    return this.state.failed ? <PlainToast /> : this.props.children(this.state.attempt);
  }
}

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
    <ToasterBoundary>
      {(attempt) => {
        const Toaster = toasterTry(attempt);
        return (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        );
      }}
    </ToasterBoundary>
  );
}
