import { PublicLayout } from '../components/layout/public-layout';
import { useGuardedSession } from '../components/layout/session-guard';
import { CompanyProfileCard } from '../features/company/components/company-profile-card';
import type { CompanyUser } from '../../shared/schemas/auth';
import { useI18n } from '../lib/i18n';

/** /company/dashboard: the pharma company's own page (docs/decisions/087), under the company area's guard. */
export default function CompanyDashboardPage() {
  const { i18n } = useI18n();
  const company = useGuardedSession<CompanyUser>();
  return (
    <PublicLayout title={i18n._('Company dashboard')}>
      <div className="mx-auto w-full max-w-3xl px-3 py-8 sm:px-6 sm:py-14">
        <CompanyProfileCard company={company} />
      </div>
    </PublicLayout>
  );
}
