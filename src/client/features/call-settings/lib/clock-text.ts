import { clockTime } from '../../../../shared/booking/visit-windows';

// The visiting hours' times as typed (docs/decisions/055): 24-hour "HH:MM" in every language, whatever the
// browser's own clock format. A phone keyboard in Hindi or Urdu may type its own digits; they count as 0-9.

const NATIVE_ZERO = [0x0966 /* Devanagari */, 0x0660 /* Arabic-Indic */, 0x06f0 /* Extended Arabic-Indic (Urdu) */];

/** `text` with Devanagari and Arabic-Indic digits as 0-9. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0966-\u096f\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = NATIVE_ZERO.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

/**
 * The 24-hour time "HH:MM" a clinic typed ("15:30", "9:05", "9.05", "1530", "905", in any of those digits), or null
 * when it is no such time: 12-hour times ("3:30 PM"), hours past 23, minutes past 59, a bare hour.
 */
export function parseClockText(text: string): string | null {
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(latinDigits(text).trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  return hours <= 23 && minutes <= 59 ? clockTime(hours * 60 + minutes) : null;
}
