import { ArrowDown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { FeatureHighlights } from './feature-highlights';

export const USER_SELECTION_ID = 'user-selection';

/** spec part 1, 2: 'Get Started' scrolls smoothly to the user-type section and moves focus there. */
function scrollToUserSelection() {
  const section = document.getElementById(USER_SELECTION_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

/** The landing hero (spec part 1, 1): headline, tagline, 'Get Started' and the three feature blurbs. */
export function HeroSection() {
  const { i18n } = useI18n();
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-b from-teal-50 via-white to-white dark:from-slate-900 dark:via-slate-900 dark:to-slate-900"
    >
      <div className="mx-auto max-w-6xl px-4 pb-14 pt-12 sm:px-6 sm:pt-20">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-teal-700 dark:text-teal-300">{i18n._('Healthcare Platform')}</p>
          <h1 id="hero-heading" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {i18n._('Comprehensive Healthcare Management')}
          </h1>
          <p className="mt-5 text-base text-slate-600 sm:text-lg dark:text-slate-300">
            {i18n._('Connect medical professionals, streamline appointments and manage healthcare relationships, all on one secure platform.')}
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button size="lg" onClick={scrollToUserSelection}>
              {i18n._('Get Started')}
              <ArrowDown className="h-4 w-4" aria-hidden />
            </Button>
            <Button size="lg" variant="secondary" asChild>
              <Link to="/about">{i18n._('Learn More')}</Link>
            </Button>
          </div>
        </div>
        <FeatureHighlights />
      </div>
    </section>
  );
}
