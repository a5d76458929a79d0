import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The forms check a rule when a field loses focus (spec part 1, 5). A message already shown is re-checked as
 * the user types, so it disappears once fixed; otherwise it would vanish only on blur, and the layout shift of
 * that blur can swallow the click on the submit button.
 */
export function useRevalidateOnFix<T extends FieldValues>(form: UseFormReturn<T>): void {
  useEffect(() => {
    const sub = form.watch((_values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const related = name === 'password' ? [name, 'confirmPassword'] : [name];
      const shown = related.filter((n) => form.getFieldState(n as Path<T>).error) as Path<T>[];
      if (shown.length > 0) void form.trigger(shown);
    });
    return () => sub.unsubscribe();
  }, [form]);
}
