import { BadgeCheck, Clock, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CompanyUser } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';
import { useLogout } from '../../auth/api/logout';

/** The company's own details and whether RepVisit has verified it (docs/decisions/087: an admin's act). */
export function CompanyProfileCard({ company }: { company: CompanyUser }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const logout = useLogout();
  const onLogout = () => logout.mutate(undefined, { onSettled: () => void navigate('/company-login') });

  return (
    <Card className="p-5 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-xl font-bold break-words text-slate-900 sm:text-2xl dark:text-white">{company.companyName}</h1>
        <Button variant="secondary" onClick={onLogout} loading={logout.isPending}>
          <LogOut className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {i18n._('Logout')}
        </Button>
      </div>
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600 dark:text-slate-300">{i18n._('Contact name')}</dt>
        <dd className="-mt-3 text-slate-900 sm:mt-0 dark:text-white">{company.contactName}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{i18n._('Email')}</dt>
        <dd className="-mt-3 text-slate-900 sm:mt-0 dark:text-white">
          <EmailAddress address={company.email} />
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{i18n._('Verification')}</dt>
        <dd className="-mt-3 sm:mt-0">
          {company.verified ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-700 dark:text-emerald-300">
              <BadgeCheck className="h-4 w-4" aria-hidden /> {i18n._('Verified')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1.5 font-semibold text-amber-800 dark:text-amber-200">
              <Clock className="h-4 w-4" aria-hidden /> {i18n._('Awaiting verification by RepVisit')}
            </span>
          )}
          <p className="mt-1 text-slate-600 dark:text-slate-300">{i18n._('A RepVisit administrator verifies your company after checking its documents.')}</p>
        </dd>
      </dl>
    </Card>
  );
}
