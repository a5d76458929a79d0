import { i18n } from '../../../lib/i18n';

/** 'Dr. {name}' without doubling a title the clinic already typed ('Dr. Rao', 'dr rao', 'Dr Rao'); the title in the active language. */
export function doctorTitle(name: string): string {
  const trimmed = name.trim();
  return /^dr\b\.?/i.test(trimmed) ? trimmed : i18n._('Dr. {name}', { name: trimmed });
}
