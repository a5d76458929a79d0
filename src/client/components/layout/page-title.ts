import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useI18n } from '../../lib/i18n';

/**
 * Where the build's pre-render (entry-prerender.tsx) collects a page's title for the HTML's <title>: there is
 * no document to set it on there, and effects do not run. In the browser nothing provides it.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** The tab's title for a page: 'Title | RepVisit' (the title given translated), or the product's own title on the landing page. */
export function usePageTitle(title?: string): void {
  const { i18n } = useI18n();
  const full = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: ${i18n._('Healthcare Platform')}`;
  useContext(PageTitleSink)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
