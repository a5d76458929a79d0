import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { AdminHeader } from './admin-header';

/**
 * The frame of both admin pages (spec part 2, 2.5 and 2.6): the header with its links, then the page's areas. The
 * areas (features/admin-*) render only their content, so none of them imports this dashboard (docs/decisions/067).
 */
export function AdminLayout({
  title,
  subtitle,
  page,
  className,
  children,
}: {
  title: string;
  subtitle: string;
  page: 'dashboard' | 'email';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <AdminHeader title={title} subtitle={subtitle} page={page} />
      <main id="main" className={clsx('mx-auto max-w-7xl px-3 py-5 sm:px-4', className)}>
        {children}
      </main>
    </div>
  );
}
