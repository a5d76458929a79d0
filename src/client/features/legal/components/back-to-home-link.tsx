import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';

/** spec part 2, 2.7: every legal and info page links back to /. */
export function BackToHomeLink() {
  const { i18n } = useI18n();
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-teal-700 hover:text-teal-800 hover:underline dark:text-teal-300">
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      {i18n._('Back to Home')}
    </Link>
  );
}
