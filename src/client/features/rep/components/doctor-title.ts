/** 'Dr. {name}' without doubling a title the clinic already typed ('Dr. Rao', 'dr rao', 'Dr Rao'). */
export function doctorTitle(name: string): string {
  const trimmed = name.trim();
  return /^dr\b\.?/i.test(trimmed) ? trimmed : `Dr. ${trimmed}`;
}
