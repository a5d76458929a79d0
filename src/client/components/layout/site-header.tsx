import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/shell-constants';
import { useI18n } from '../../lib/i18n';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';

// spec part 1, 2: the same five links in the desktop nav and the mobile menu.
// `also` lists the other spelling of the same page (spec part 1, 2), so the link shows as current there too.
const SITE_NAV_LINKS: readonly { to: string; label: string; also?: string }[] = [
  { to: '/', label: /*i18n*/ 'Home' },
  { to: '/about', label: /*i18n*/ 'About', also: '/about-us' },
  { to: '/contact', label: /*i18n*/ 'Contact' },
  { to: '/privacy', label: /*i18n*/ 'Privacy', also: '/privacy-policy' },
  { to: '/terms', label: /*i18n*/ 'Terms', also: '/terms-and-conditions' },
];

const linkClass = (isActive: boolean) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-teal-50 text-teal-800 dark:bg-teal-900/40 dark:text-teal-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
  );

function SiteNavLink({ link, pathname, block, onClick }: { link: (typeof SITE_NAV_LINKS)[number]; pathname: string; block?: boolean; onClick?: () => void }) {
  const { i18n } = useI18n();
  const current = pathname === link.to || pathname === link.also;
  return (
    <Link to={link.to} aria-current={current ? 'page' : undefined} className={clsx(linkClass(current), block && 'block')} onClick={onClick}>
      {i18n._(link.label)}
    </Link>
  );
}

/** Sticky site header: logo, brand, 'Healthcare Platform', the nav (a toggled list on phones) and the language. */
export function SiteHeader() {
  const { i18n } = useI18n();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The mobile menu is open only on the page where it was opened, so a followed link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md sm:gap-3">
          <BrandMark />
          <span className="min-w-0 leading-tight">
            <span className="block text-lg font-bold text-slate-900 dark:text-white">{PRODUCT_NAME}</span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{i18n._('Healthcare Platform')}</span>
          </span>
        </Link>

        <nav aria-label={i18n._('Main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {SITE_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <SiteNavLink link={l} pathname={pathname} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitcher />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? i18n._('Close menu') : i18n._('Open menu')}
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </div>

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any link inside closes the menu (disclosure pattern); the nav itself takes no focus. */}
      <nav
        id={menuId}
        aria-label={i18n._('Mobile')}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-3 pt-2 md:hidden dark:border-slate-800 dark:bg-slate-900"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setOpen(false);
          toggleRef.current?.focus();
        }}
      >
        <ul className="grid gap-1">
          {SITE_NAV_LINKS.map((l) => (
            <li key={l.to}>
              <SiteNavLink link={l} pathname={pathname} block onClick={() => setOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
