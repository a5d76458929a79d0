import type { ChangeEvent } from 'react';

/** A react-hook-form registered text field that keeps only the digits typed (one-time codes), at most `max`. */
export function digitsOnly<T extends { onChange: (e: ChangeEvent<HTMLInputElement>) => unknown }>(field: T, max = 6): T {
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      e.target.value = e.target.value.replace(/\D/g, '').slice(0, max);
      return field.onChange(e);
    },
  };
}
