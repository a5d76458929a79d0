import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';

/**
 * 'Confirm each booking' of a doctor's call settings (decision 041): new bookings then wait for the clinic's
 * confirmation, and reps read 'Awaiting confirmation'; visits booked before are left as they are (decision 053). The hint is the box's description for screen readers.
 */
export function ConfirmBookingsField({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const { i18n } = useI18n();
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <CheckboxPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 data-[state=checked]:border-teal-700 data-[state=checked]:bg-teal-700 dark:bg-slate-800"
      >
        <CheckboxPrimitive.Indicator>
          <Check className="h-3.5 w-3.5 text-white" aria-hidden />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Confirm each booking')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {i18n._('New bookings wait for your confirmation; reps see them as Awaiting confirmation. Visits booked before stay as they are.')}
        </p>
      </div>
    </div>
  );
}
