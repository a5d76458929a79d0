import { PublicLayout } from '../components/layout/public-layout';
import { BackToHomeLink } from '../features/legal/components/back-to-home-link';
import { useI18n } from '../lib/i18n';

/**
 * spec part 1, 2: any other path. Under the site header like the other public pages, with a title of its own; the
 * server sends it pre-rendered with status 404 (decision 037), so nothing in it may depend on the path.
 */
export default function NotFoundPage() {
  const { i18n } = useI18n();
  return (
    <PublicLayout title={i18n._('Page Not Found')}>
      <div className="mx-auto grid min-h-[50vh] max-w-3xl content-center px-4 py-12 sm:px-6">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{i18n._('404 Page Not Found')}</h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{i18n._('Did you forget to add the page to the router?')}</p>
          <div className="mt-6">
            <BackToHomeLink />
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
