import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useI18n } from '../../../lib/i18n';
import { BackToHomeLink } from './back-to-home-link';

/** A section, its title and body translated (the page builds its sections at render, in the active language). */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

// Plain-HTML text inside a section gets readable spacing without a typography plugin.
const proseClass = [
  'mt-3 grid gap-3 text-[15px] leading-relaxed text-slate-700 dark:text-slate-300',
  '[&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:ps-5 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:ps-5',
  '[&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_a]:font-medium [&_a]:text-teal-700 [&_a]:underline [&_a]:break-words dark:[&_a]:text-teal-300',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
].join(' ');

/**
 * A legal or info page: 'Back to Home', the title (h1), an optional effective date and summary, a contents
 * list, then one h2 section each. Used by the privacy, terms, cookies and about pages.
 */
export function LegalDocument({
  title,
  effectiveDate,
  summary,
  sections,
  showContents = true,
}: {
  title: string;
  effectiveDate?: string;
  summary?: ReactNode;
  sections: LegalSection[];
  showContents?: boolean;
}) {
  const { i18n } = useI18n();
  return (
    <PublicLayout title={title}>
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <BackToHomeLink />
        <header className="mt-6 border-b border-slate-200 pb-6 dark:border-slate-700">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
          {effectiveDate && <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{i18n._('Effective date: {date}', { date: effectiveDate })}</p>}
          {summary && <div className="mt-4 text-base leading-relaxed text-slate-700 dark:text-slate-300">{summary}</div>}
        </header>

        {showContents && (
          <nav aria-label={i18n._('Contents')} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">{i18n._('Contents')}</h2>
            <ol className="mt-2 grid list-decimal gap-1 ps-5 text-sm sm:grid-cols-2">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-teal-700 hover:underline dark:text-teal-300">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}

        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white">
              {showContents ? `${i + 1}. ` : ''}
              {s.title}
            </h2>
            <div className={proseClass}>{s.body}</div>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
