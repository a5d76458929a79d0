import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { useRemoveDoctor } from '../api/remove-doctor';

/** Confirms removing a doctor from the clinic; their appointments here from today on are cancelled. */
export function RemoveDoctorDialog({ clinicId, doctor, onClose }: { clinicId: number; doctor: ClinicDoctor | null; onClose: () => void }) {
  const remove = useRemoveDoctor(clinicId);
  const confirm = () => {
    if (!doctor) return;
    remove.mutate(
      { clinicId, doctorId: doctor.id },
      {
        onSuccess: ({ cancelledCount }) => {
          toast({
            title: 'Doctor Removed',
            description:
              cancelledCount > 0
                ? `${doctor.name} was removed; ${cancelledCount} upcoming appointment${cancelledCount === 1 ? ' was' : 's were'} cancelled and the reps e-mailed.`
                : `${doctor.name} was removed from your clinic.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog
      open={doctor !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove Doctor"
      description={
        doctor
          ? `Remove ${doctor.name} from your clinic? Their future appointments here (from today on) will be cancelled and the medical reps will be e-mailed. Their other clinics are not affected.`
          : undefined
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Keep Doctor
        </Button>
        <Button variant="destructive" onClick={confirm} loading={remove.isPending}>
          Remove Doctor
        </Button>
      </div>
    </Dialog>
  );
}
