import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** spec part 2, 2.7: every legal and info page links back to /. */
export function BackToHomeLink() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-teal-700 hover:text-teal-800 hover:underline dark:text-teal-300">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Home
    </Link>
  );
}
