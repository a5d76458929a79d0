import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';
import { LIMITS } from '../../../../shared/constants';

const clamp = (n: number) => Math.min(LIMITS.maxSlotsMax, Math.max(LIMITS.maxSlotsMin, Math.round(n)));

/** spec part 1, 5: the max-slots stepper, 1 to 100, with buttons and a number box. */
export function MaxSlotsStepper({ id, value, onChange }: { id: string; value: number; onChange: (n: number) => void }) {
  // What the person is typing (it may be empty for a moment); the value itself always stays within 1..100.
  const [draft, setDraft] = useState<string | null>(null);
  const { i18n } = useI18n();
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="icon"
        className="h-10 w-10"
        aria-label={i18n._('Decrease max slots')}
        aria-controls={id}
        disabled={value <= LIMITS.maxSlotsMin}
        onClick={() => {
          setDraft(null);
          onChange(clamp(value - 1));
        }}
      >
        <Minus className="h-4 w-4" aria-hidden />
      </Button>
      <div className="w-20">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={LIMITS.maxSlotsMin}
          max={LIMITS.maxSlotsMax}
          value={draft ?? value}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n)) onChange(clamp(n));
          }}
          onBlur={() => setDraft(null)}
          className="text-center"
        />
      </div>
      <Button
        variant="secondary"
        size="icon"
        className="h-10 w-10"
        aria-label={i18n._('Increase max slots')}
        aria-controls={id}
        disabled={value >= LIMITS.maxSlotsMax}
        onClick={() => {
          setDraft(null);
          onChange(clamp(value + 1));
        }}
      >
        <Plus className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
