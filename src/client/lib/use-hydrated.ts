import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React renders a page on the server (the build's pre-render) and while it takes a pre-rendered page
 * over in the browser, then true; true from the start when the browser renders from scratch. For the few things
 * that must differ from the pre-rendered HTML (decision 014): the first render must match it node for node.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
