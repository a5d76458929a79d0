import { ApiError, NetworkError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';

export type ForgotPasswordFailure = { kind: 'notFound' | 'server' | 'other' | 'network'; message: string };

/** spec part 1, 8 (Forgot password): what a failed reset request means for the user. */
export function describeForgotPasswordFailure(err: unknown): ForgotPasswordFailure {
  if (err instanceof NetworkError || !(err instanceof ApiError)) {
    return { kind: 'network', message: i18n._('An unexpected error occurred. Please try again later.') };
  }
  if (err.status === 404) return { kind: 'notFound', message: err.message || i18n._('No account found with that email address.') };
  if (err.status >= 500) return { kind: 'server', message: i18n._('There was a problem with our servers. Please try again in a few minutes.') };
  return { kind: 'other', message: err.message || i18n._('Please check your email address and try again.') };
}
