import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that reads or sends data, loaded together with the query client it needs
 * (EnsureQueryClient): on a pre-rendered public page neither comes with the page (decision 025).
 */
export function lazyWithQueryClient<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ EnsureQueryClient }, Inner] = await Promise.all([import('./ensure-query-client'), load()]);
    return {
      default: (props: P) => (
        <EnsureQueryClient>
          <Inner {...props} />
        </EnsureQueryClient>
      ),
    };
  });
}
