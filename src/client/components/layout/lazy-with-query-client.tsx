import { lazy, type ComponentType } from 'react';
import { loadEnglishPlurals } from '../../lib/i18n';

/**
 * A lazily loaded component that reads or sends data, loaded together with the query client it needs
 * (EnsureQueryClient): on a pre-rendered public page neither comes with the page (decision 025). The English
 * plurals come with it too (decision 045): the pages with counts are these.
 */
export function lazyWithQueryClient<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ EnsureQueryClient }, Inner] = await Promise.all([import('./ensure-query-client'), load(), loadEnglishPlurals()]);
    return {
      default: (props: P) => (
        <EnsureQueryClient>
          <Inner {...props} />
        </EnsureQueryClient>
      ),
    };
  });
}
