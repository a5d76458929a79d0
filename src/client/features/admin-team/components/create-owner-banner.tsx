import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_TEAM_MESSAGES } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

/**
 * Shown to the single-password session (docs/decisions/042): one shared password cannot tell who did what, so the
 * dashboard asks for the named owner until one has enrolled.
 */
export function CreateOwnerBanner() {
  const { i18n } = useI18n();
  return (
    <section
      aria-label={i18n._('Create the named owner')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1 basis-64">
        <strong className="font-semibold">{i18n._('The admin team is not set up yet.')} </strong>
        {i18n._(ADMIN_TEAM_MESSAGES.createOwnerBanner)}
      </p>
      <Button asChild size="sm">
        <Link to="/admin?tab=admins">
          <UserPlus className="h-4 w-4" aria-hidden />
          {i18n._('Go to the Admins tab')}
        </Link>
      </Button>
    </section>
  );
}
