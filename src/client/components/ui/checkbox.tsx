import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { replayEarlyTap } from './early-tap';
import { useId, type ReactNode } from 'react';

/** A checkbox with its label; the label is clickable and read with the box. */
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  disabled,
  id: givenId,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  id?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className="flex items-start gap-2">
      <CheckboxPrimitive.Root
        ref={replayEarlyTap}
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white data-[state=checked]:border-teal-700 data-[state=checked]:bg-teal-700 disabled:opacity-50 dark:bg-slate-800"
      >
        <CheckboxPrimitive.Indicator>
          <Check className="h-3.5 w-3.5 text-white" aria-hidden />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
        {label}
      </label>
    </div>
  );
}
