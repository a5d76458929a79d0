import { Eye, Power, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { useI18n } from '../../../lib/i18n';

/** View, status toggle and delete for one user row (spec part 2, 2.5); no delete without `onDelete` (staff). */
export function UserRowActions({
  user,
  onView,
  onToggle,
  onDelete,
  toggling,
}: {
  user: AdminUser;
  onView: () => void;
  onToggle: () => void;
  onDelete?: () => void;
  toggling: boolean;
}) {
  const { i18n } = useI18n();
  const active = user.status === 'active';
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" size="icon" onClick={onView} aria-label={i18n._('View {name}', { name: user.name })} title={i18n._('View details')}>
        <Eye className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggle}
        loading={toggling}
        aria-label={active ? i18n._('Deactivate {name}', { name: user.name }) : i18n._('Activate {name}', { name: user.name })}
        title={active ? i18n._('Deactivate') : i18n._('Activate')}
        className={active ? 'text-amber-700 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-300'}
      >
        {!toggling && <Power className="h-4 w-4" aria-hidden />}
      </Button>
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          onClick={onDelete}
          aria-label={i18n._('Delete {name}', { name: user.name })}
          title={i18n._('Delete')}
          className="text-red-700 dark:text-red-300"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}
