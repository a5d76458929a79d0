import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame of the public pages: sticky header, the page as <main id="main"> (the skip link's target), footer. */
export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  usePageTitle(title);

  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
