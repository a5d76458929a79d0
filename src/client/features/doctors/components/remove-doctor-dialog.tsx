import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { useRemoveDoctor } from '../api/remove-doctor';

/** Confirms removing a doctor from the clinic; their appointments here from today on are cancelled. */
export function RemoveDoctorDialog({ clinicId, doctor, onClose }: { clinicId: number; doctor: ClinicDoctor | null; onClose: () => void }) {
  const { i18n } = useI18n();
  const remove = useRemoveDoctor(clinicId);
  const confirm = () => {
    if (!doctor) return;
    remove.mutate(
      { clinicId, doctorId: doctor.id },
      {
        onSuccess: ({ cancelledCount }) => {
          toast({
            title: i18n._('Doctor Removed'),
            description:
              cancelledCount > 0
                ? i18n._(
                    '{count, plural, one {{name} was removed; # upcoming appointment was cancelled and the reps e-mailed.} other {{name} was removed; # upcoming appointments were cancelled and the reps e-mailed.}}',
                    { count: cancelledCount, name: doctor.name },
                  )
                : i18n._('{name} was removed from your clinic.', { name: doctor.name }),
            variant: 'success',
          });
          onClose();
        },
        onError: (err) =>
          toast({ title: i18n._('Error'), description: errorMessage(err, i18n._('Something went wrong. Please try again.')), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog
      open={doctor !== null}
      onOpenChange={(open) => !open && onClose()}
      title={i18n._('Remove Doctor')}
      description={
        doctor
          ? i18n._(
              'Remove {name} from your clinic? Their future appointments here (from today on) will be cancelled and the medical reps will be e-mailed. Their other clinics are not affected.',
              { name: doctor.name },
            )
          : undefined
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {i18n._('Keep Doctor')}
        </Button>
        <Button variant="destructive" onClick={confirm} loading={remove.isPending}>
          {i18n._('Remove Doctor')}
        </Button>
      </div>
    </Dialog>
  );
}
