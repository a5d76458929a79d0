import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard, LogOut, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useLogoutAdmin } from '../../admin-auth/api/logout-admin';
import { isOwner } from '../../admin-auth/lib/admin-roles';
import { RestartServerButton } from '../../admin-restart/components/restart-server-button';
import { useI18n } from '../../../lib/i18n';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { adminAuthQueries } from '../../admin-auth/api/keys';

/**
 * spec part 2, 2.5 and 2.6: the admin pages' header with Email Dashboard (or Dashboard), Restart Server and Logout.
 * Restart Server is an owner's (docs/decisions/042); the signed-in admin's name shows once there is one.
 */
export function AdminHeader({ title, subtitle, page }: { title: string; subtitle: string; page: 'dashboard' | 'email' }) {
  const { i18n } = useI18n();
  const logout = useLogoutAdmin();
  const me = useQuery(adminAuthQueries.me());
  const onLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => toast({ title: i18n._('Logged Out'), description: i18n._('The admin session has ended.'), variant: 'info', duration: 3000 }),
    });
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white">{title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
          {me.data && me.data.email !== null && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {me.data.role === 'owner'
                ? i18n._('Signed in as {name} (Owner)', { name: me.data.name })
                : i18n._('Signed in as {name} (Staff)', { name: me.data.name })}
            </p>
          )}
        </div>
        <nav aria-label={i18n._('Admin')} className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            {page === 'dashboard' ? (
              <Link to="/admin/email">
                <Mail className="h-4 w-4" aria-hidden />
                {i18n._('Email Dashboard')}
              </Link>
            ) : (
              <Link to="/admin">
                <LayoutDashboard className="h-4 w-4" aria-hidden />
                {i18n._('Admin Dashboard')}
              </Link>
            )}
          </Button>
          {isOwner(me.data) && <RestartServerButton />}
          <LanguageSwitcher />
          <Button variant="secondary" size="sm" onClick={onLogout} loading={logout.isPending}>
            <LogOut className="h-4 w-4" aria-hidden />
            {i18n._('Logout')}
          </Button>
        </nav>
      </div>
    </header>
  );
}
