import { ApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

// spec part 1, 7: the 'password_recently_changed' hint shows a second tip after 2 seconds.
const HINT_DELAY_MS = 2000;

function hintOf(source: unknown): string | undefined {
  const body = source instanceof ApiError ? source.body : source;
  const hint = (body as { hint?: unknown } | undefined)?.hint;
  return typeof hint === 'string' ? hint : undefined;
}

/** Shows the rep login's 'Tip' toast 2 s after an answer (or error) that carries the password-changed hint. */
export function scheduleLoginHint(source: unknown): void {
  if (hintOf(source) !== 'password_recently_changed') return;
  setTimeout(
    () => toast({ title: i18n._('Tip'), description: i18n._("Clear your browser's saved passwords if it's auto-filling your old password."), variant: 'info' }),
    HINT_DELAY_MS,
  );
}
