import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLINIC_TEAM_MESSAGES, type ClinicTeamMember } from '../../../../shared/schemas/clinic-team';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { clinicTeamQueries } from '../api/keys';
import { useResendInvite } from '../api/resend-invite';
import { useUpdateMember } from '../api/update-member';
import { InviteMemberForm } from './invite-member-form';
import { MemberRow } from './member-row';

/**
 * The clinic dashboard's Team tab (docs/decisions/072-clinic-team.md): the owner invites, changes roles, deactivates
 * (after a confirmation) and reactivates; a manager sees the team only.
 */
export function TeamTab({ canChange }: { canChange: boolean }) {
  const { i18n } = useI18n();
  const team = useQuery(clinicTeamQueries.team());
  const update = useUpdateMember();
  const resend = useResendInvite();
  const [deactivating, setDeactivating] = useState<ClinicTeamMember | null>(null);
  const failed = (err: unknown) =>
    toast({ title: i18n._('Update Failed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' });
  const saved = (title: string, description?: string) => toast({ title, description, variant: 'success' });

  const deactivate = () => {
    if (!deactivating) return;
    update.mutate(
      { id: deactivating.id, active: false },
      {
        onSuccess: () => {
          saved(i18n._('Team member deactivated'), i18n._(CLINIC_TEAM_MESSAGES.deactivated));
          setDeactivating(null);
        },
        onError: failed,
      },
    );
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {canChange && <InviteMemberForm />}
      <Card className="p-4 sm:p-5">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Your team')}</h2>
        {!canChange && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{i18n._('Only the clinic account (the owner) can change the team.')}</p>}
        {team.isPending ? (
          <Spinner label={i18n._('Loading the team...')} />
        ) : team.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {errorMessage(team.error, i18n._('Failed to load the team'))}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" aria-label={i18n._('Team members')}>
            {team.data.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                actions={
                  canChange
                    ? {
                        busy: update.isPending || resend.isPending,
                        onRole: (role) =>
                          update.mutate({ id: m.id, role }, { onSuccess: () => saved(i18n._(CLINIC_TEAM_MESSAGES.saved), m.name), onError: failed }),
                        onResend: () => resend.mutate(m.id, { onSuccess: () => saved(i18n._(CLINIC_TEAM_MESSAGES.resent), m.email), onError: failed }),
                        onToggleActive: () =>
                          m.status === 'inactive'
                            ? update.mutate(
                                { id: m.id, active: true },
                                { onSuccess: () => saved(i18n._(CLINIC_TEAM_MESSAGES.reactivated), m.name), onError: failed },
                              )
                            : setDeactivating(m),
                      }
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </Card>
      <Dialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={i18n._('Deactivate team member')}
        description={i18n._('{name} can no longer sign in, and their sessions end at once. You can reactivate them later.', {
          name: deactivating?.name ?? '',
        })}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeactivating(null)}>
            {i18n._('Cancel')}
          </Button>
          <Button variant="destructive" onClick={deactivate} loading={update.isPending}>
            {i18n._('Deactivate')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
