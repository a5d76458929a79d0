import type { AdminUser } from '../../../../shared/schemas/admin';
import { useI18n } from '../../../lib/i18n';
import { ConfirmActionDialog } from '../../admin-shared/components/confirm-action-dialog';

/**
 * Asks before a rep or clinic is made inactive (spec part 2, 4): the account's sessions end at once and it can no longer
 * sign in; a clinic also leaves the directory reps book from. Activating again needs no question.
 */
export function DeactivateUserDialog({
  user,
  onClose,
  onConfirm,
  pending,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onConfirm: (user: AdminUser) => void;
  pending: boolean;
}) {
  const { i18n } = useI18n();
  const name = user?.name ?? '';
  const isRep = user?.type !== 'clinic';
  return (
    <ConfirmActionDialog
      open={!!user}
      onOpenChange={(o) => !o && onClose()}
      title={isRep ? i18n._('Deactivate Medical Rep') : i18n._('Deactivate Clinic')}
      description={
        isRep
          ? i18n._('{name} can no longer sign in, and their sessions end at once. You can activate the account again later.', { name })
          : i18n._('{name} can no longer sign in, its sessions end at once, and reps no longer find it to book. You can activate the account again later.', {
              name,
            })
      }
      confirmLabel={i18n._('Deactivate')}
      onConfirm={() => user && onConfirm(user)}
      pending={pending}
      destructive
    />
  );
}
