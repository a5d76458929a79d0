import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { useI18n } from '../../../../lib/i18n';
import type { VisitRange } from '../../api/keys';

/** The Visit History's From and To dates (inclusive; at most a year apart, docs/decisions/041), with the rule's message under each. */
export function VisitHistoryRange({
  range,
  onChange,
  errors,
}: {
  range: VisitRange;
  onChange: (range: VisitRange) => void;
  errors: { from?: string; to?: string };
}) {
  const { i18n } = useI18n();
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <FormField label={i18n._('From')} error={errors.from}>
        <Input type="date" value={range.from} max={range.to || undefined} onChange={(e) => onChange({ ...range, from: e.target.value })} />
      </FormField>
      <FormField label={i18n._('To')} error={errors.to}>
        <Input type="date" value={range.to} min={range.from || undefined} onChange={(e) => onChange({ ...range, to: e.target.value })} />
      </FormField>
    </div>
  );
}
