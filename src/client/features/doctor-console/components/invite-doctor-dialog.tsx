import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { inviteDoctorSchema } from '../../../../shared/schemas/doctor-console';
import { useInviteDoctor } from '../api/invite-doctor';

/** 'Invite doctor': the clinic sends its doctor a 72-hour link to their own login (docs/decisions/073). */
export function InviteDoctorDialog({ doctor, onClose }: { doctor: { id: number; name: string } | null; onClose: () => void }) {
  const { i18n } = useI18n();
  const invite = useInviteDoctor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setEmail('');
    setError(undefined);
    onClose();
  };
  const send = async () => {
    if (!doctor) return;
    const parsed = inviteDoctorSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const answer = await invite.mutateAsync({ doctorId: doctor.id, email: parsed.data.email });
      toast({ title: i18n._('Invitation sent'), description: answer.message, variant: 'success' });
      close();
    } catch (err) {
      setError(errorMessage(err, i18n._('Something went wrong. Please try again.')));
    }
  };
  return (
    <Dialog
      open={doctor !== null}
      onOpenChange={(o) => !o && close()}
      title={i18n._('Invite {name}', { name: doctor?.name ?? '' })}
      description={i18n._('The doctor gets an e-mail with a link to their own login: their day here, Call next and Running late.')}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <FormField label={i18n._("Doctor's e-mail")} error={error}>
          <Input type="email" inputMode="email" autoComplete="off" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {i18n._('Send invitation')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
