import { FileCheck2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { useVisitReceipt } from '../../api/get-visit-receipt';
import { proofOfVisitPath } from '../../lib/visit-links';

/**
 * 'Proof of visit' (docs/decisions/041): fetches the signed receipt of a checked-in visit and opens /verify-visit
 * with it, where the rep can share or print it. `visitName` tells screen readers which visit ("Dr. Rao on 12/03/2026").
 */
export function ProofOfVisitButton({ appointmentId, visitName, ...props }: { appointmentId: number; visitName: string } & Omit<ButtonProps, 'onClick'>) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const receipt = useVisitReceipt();
  const open = () =>
    receipt.mutate(appointmentId, {
      onSuccess: (r) => void navigate(proofOfVisitPath(r)),
      onError: (err) =>
        toast({
          title: i18n._('Error'),
          description: errorMessage(err, i18n._('Failed to open the proof of visit. Please try again.')),
          variant: 'destructive',
        }),
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      {...props}
      onClick={open}
      loading={receipt.isPending}
      aria-label={i18n._('Proof of visit: {visit}', { visit: visitName })}
    >
      {!receipt.isPending && <FileCheck2 className="h-4 w-4" aria-hidden />}
      {i18n._('Proof of visit')}
    </Button>
  );
}
