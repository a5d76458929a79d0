// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_COOKIE_NAMES } from '../../shared/site-cookies';
import { renderWithApp } from '../features/auth/test/render';
import CookiesPage from './cookies-page';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

// The legal pages say what the product really does: the cookies the server sets (every one of
// src/shared/site-cookies.ts, which a server test holds to what it sets), why there is no consent banner, what the
// app keeps on the device, and that payments are live through Razorpay.

const cookieNamesIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('definition')
    .map((d) => d.textContent);

describe('the privacy policy', () => {
  it('names each cookie with its purpose and lifetime, the storage on the device, and why there is no banner', () => {
    renderWithApp(<PrivacyPage />, { path: '/privacy-policy' });
    const section = screen.getByRole('region', { name: /Cookies and storage on your device/ });
    const list = within(section).getByRole('list', { name: 'Cookies we set' });
    const names = cookieNamesIn(list);
    for (const name of SITE_COOKIE_NAMES) expect(names, name).toContain(name);
    expect(within(list).getAllByRole('listitem')).toHaveLength(SITE_COOKIE_NAMES.length);
    expect(list).toHaveTextContent('Keeps you signed in.');
    expect(list).toHaveTextContent('Protects your account against password guessing.');
    expect(list).toHaveTextContent('180 days');
    expect(list).toHaveTextContent('30 days with "Remember me"');
    for (const storage of ['Local storage', 'Session storage', 'IndexedDB']) expect(section).toHaveTextContent(storage);
    expect(section).toHaveTextContent('Why there is no cookie banner: every cookie and every item stored above is strictly necessary');
    expect(section).toHaveTextContent('no analytics, tracking or advertising cookies and no third-party cookies');
  });

  it('says payments are processed by Razorpay', () => {
    renderWithApp(<PrivacyPage />, { path: '/privacy-policy' });
    expect(screen.getByRole('main')).toHaveTextContent('Payments are processed by Razorpay');
  });
});

describe('the cookies policy', () => {
  it('lists the same cookies, all essential, and no other', () => {
    renderWithApp(<CookiesPage />, { path: '/cookies-policy' });
    const list = screen.getByRole('list', { name: 'Cookies we set' });
    expect(cookieNamesIn(list).filter((t) => t?.startsWith('rv_'))).toEqual([...SITE_COOKIE_NAMES]);
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('there is no optional cookie to ask you about');
    expect(main).not.toHaveTextContent(/exactly one cookie|the only cookie/i);
  });

  it('says why each of the listed cookies is needed, the language cookie too, without counting two', () => {
    renderWithApp(<CookiesPage />, { path: '/cookies-policy' });
    const main = screen.getByRole('main');
    expect(main).not.toHaveTextContent(/\bboth\b/i);
    for (const cookie of ['the session cookie', 'the device cookie', 'the language cookie'])
      expect(main).toHaveTextContent(new RegExp(`without ${cookie}|${cookie} keeps|${cookie},`));
  });
});

describe('the terms', () => {
  it('say payments are made through Razorpay', () => {
    renderWithApp(<TermsPage />, { path: '/terms' });
    expect(screen.getByRole('main')).toHaveTextContent('Payments are made through Razorpay');
  });
});
