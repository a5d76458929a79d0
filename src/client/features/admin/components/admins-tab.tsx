import { useState } from 'react';
import { ADMIN_TEAM_MESSAGES, type AdminMeResponse, type AdminTeamMember } from '../../../../shared/schemas/admin-team';
import { Badge } from '../../../components/ui/badge';
import { EmailAddress } from '../../../components/ui/email-address';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAdminTeam } from '../api/get-admin-team';
import { useResetAdminTwoFactor } from '../api/reset-admin-two-factor';
import { useUpdateAdmin } from '../api/update-admin';
import { displayDateTimeIst } from '../lib/admin-format';
import { isSinglePasswordSession } from '../lib/admin-roles';
import { AdminRowActions } from './admin-row-actions';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { DataList, type Column } from './data-list';
import { InviteAdminForm } from './invite-admin-form';
import { ListSummary } from './list-summary';
import { LoadMore } from './load-more';

const STATUS = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Invited', tone: 'warning' },
  inactive: { label: 'Inactive', tone: 'danger' },
} as const;

type Pending = { kind: 'active' | 'reset'; admin: AdminTeamMember };

/** The 'Admins' tab (owners; docs/decisions/042): the team, 'Invite admin', deactivate or reactivate, reset two-factor. */
export function AdminsTab({ me }: { me: AdminMeResponse }) {
  const team = useAdminTeam();
  const rows = team.data?.pages.flatMap((p) => p.admins) ?? [];
  const [pending, setPending] = useState<Pending | null>(null);
  const update = useUpdateAdmin();
  const reset = useResetAdminTwoFactor();

  const columns: Column<AdminTeamMember>[] = [
    { header: 'Name', primary: true, cell: (a) => a.name },
    { header: 'Email', cell: (a) => <EmailAddress address={a.email} /> },
    { header: 'Role', cell: (a) => <Badge tone={a.role === 'owner' ? 'info' : 'neutral'}>{a.role === 'owner' ? 'Owner' : 'Staff'}</Badge> },
    { header: 'Status', cell: (a) => <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge> },
    {
      header: 'Two-factor',
      cell: (a) => (a.twoFactor ? `On, ${a.recoveryCodesLeft} recovery ${a.recoveryCodesLeft === 1 ? 'code' : 'codes'} left` : 'Off'),
    },
    { header: 'Last sign-in (IST)', cell: (a) => (a.lastSignInAt ? displayDateTimeIst(a.lastSignInAt) : 'Never'), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (a) => (
        <AdminRowActions
          admin={a}
          self={a.id === me.id}
          onToggleActive={() => setPending({ kind: 'active', admin: a })}
          onResetTwoFactor={() => setPending({ kind: 'reset', admin: a })}
        />
      ),
    },
  ];

  const close = () => setPending(null);
  const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  const confirm = () => {
    if (!pending) return;
    const { admin } = pending;
    if (pending.kind === 'reset') {
      reset.mutate(admin.id, {
        onSuccess: (r) => {
          toast({ title: admin.status === 'invited' ? 'Invitation Sent Again' : 'Two-factor Reset', description: r.message, variant: 'success' });
          close();
        },
        onError: failed('Reset Failed'),
      });
      return;
    }
    const active = admin.status === 'inactive';
    update.mutate(
      { id: admin.id, active },
      {
        onSuccess: () => {
          toast({
            title: active ? ADMIN_TEAM_MESSAGES.reactivated : 'Admin Deactivated',
            description: active ? admin.name : ADMIN_TEAM_MESSAGES.deactivated,
            variant: 'success',
          });
          close();
        },
        onError: failed('Update Failed'),
      },
    );
  };

  const target = pending?.admin;
  const dialog =
    pending?.kind === 'reset'
      ? {
          title: target?.status === 'invited' ? 'Resend Invitation' : 'Reset Two-factor',
          description: `${target?.name} gets a new link by e-mail to choose a password and set up two-factor sign-in again. Their password, authenticator and recovery codes stop working and their sessions end at once.`,
          confirmLabel: target?.status === 'invited' ? 'Send new link' : 'Reset two-factor',
        }
      : target?.status === 'inactive'
        ? { title: 'Reactivate Admin', description: `${target.name} can sign in again.`, confirmLabel: 'Reactivate' }
        : {
            title: 'Deactivate Admin',
            description: `${target?.name ?? ''} can no longer sign in, and their sessions end at once.`,
            confirmLabel: 'Deactivate',
          };

  return (
    <section aria-label="Admins" aria-busy={team.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <InviteAdminForm firstOwner={isSinglePasswordSession(me)} />
      {team.isPending ? (
        <Spinner label="Loading admins..." />
      ) : team.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(team.error, 'Failed to load admins')}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} noun="admins" updating={team.isPlaceholderData} />
          <DataList rows={rows} columns={columns} rowKey={(a) => a.id} caption="Admin team" empty="No named admins yet. Invite the first owner above." />
          <LoadMore
            hasMore={team.hasNextPage}
            loading={team.isFetchingNextPage}
            onLoadMore={() => void team.fetchNextPage()}
            noun="admins"
            shown={rows.length}
          />
        </>
      )}
      <ConfirmActionDialog
        open={!!pending}
        onOpenChange={(o) => !o && close()}
        {...dialog}
        onConfirm={confirm}
        pending={update.isPending || reset.isPending}
        destructive={pending?.kind === 'reset' || target?.status !== 'inactive'}
      />
    </section>
  );
}
