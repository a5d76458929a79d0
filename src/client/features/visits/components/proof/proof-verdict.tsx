import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useI18n } from '../../../../lib/i18n';

/**
 * The verdict on a proof of visit in words a manager understands, 'Valid' or 'Not valid' (docs/decisions/041), with the
 * server's reason when the visit was declined, cancelled or marked no-show since (docs/decisions/046); the icon and the
 * colour only repeat it.
 */
export function ProofVerdict({ valid, reason }: { valid: boolean; reason?: string | null }) {
  const { i18n } = useI18n();
  return valid ? (
    <div className="flex items-start gap-3 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100 print:bg-white print:text-black">
      <ShieldCheck className="mt-0.5 h-7 w-7 shrink-0" aria-hidden />
      <div>
        <p className="text-2xl font-bold">{i18n._('Valid')}</p>
        <p className="text-sm">{i18n._('This proof of visit was signed by RepVisit and has not been changed.')}</p>
      </div>
    </div>
  ) : (
    <div className="flex items-start gap-3 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100 print:bg-white print:text-black">
      <ShieldAlert className="mt-0.5 h-7 w-7 shrink-0" aria-hidden />
      <div>
        <p className="text-2xl font-bold">{i18n._('Not valid')}</p>
        {/* A signed proof of a visit whose outcome changed since says what changed (docs/decisions/046). */}
        <p className="text-sm">{reason ? i18n._(reason) : i18n._('This proof of visit was changed or was not issued by RepVisit.')}</p>
      </div>
    </div>
  );
}
