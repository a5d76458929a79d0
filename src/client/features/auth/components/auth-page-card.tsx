import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Card } from '../../../components/ui/card';

/** The frame of the account pages (login, code, link, reset): the public header and a centred card. */
export function AuthPageCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout title={title}>
      <div className="mx-auto w-full max-w-lg px-3 py-8 sm:px-6 sm:py-14">
        <Card className="p-5 sm:p-8">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">{title}</h1>
          {description && <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</div>}
          <div className="mt-6">{children}</div>
        </Card>
      </div>
    </PublicLayout>
  );
}
