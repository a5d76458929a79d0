import type { Page } from '@playwright/test';
import en from '../src/shared/i18n/client/en.json' with { type: 'json' };
import hi from '../src/shared/i18n/client/hi.json' with { type: 'json' };
import ur from '../src/shared/i18n/client/ur.json' with { type: 'json' };
import serverEn from '../src/shared/i18n/server/en.json' with { type: 'json' };
import serverHi from '../src/shared/i18n/server/hi.json' with { type: 'json' };
import serverUr from '../src/shared/i18n/server/ur.json' with { type: 'json' };

// Decision 045: a screen in Hindi or Urdu shows nothing in English that the catalogues have in that language.

/**
 * The English texts of the catalogues (the client's and the server's answers) whose translation differs, as a test
 * of a text on screen: equal to one, or built from a template with values ('INR 99 refunded on 02/03/2026').
 */
function englishOf(locale: 'hi' | 'ur') {
  const catalog: Record<string, string> = locale === 'hi' ? { ...serverHi, ...hi } : { ...serverUr, ...ur };
  // An id is its English text, but for a text with a context (docs/decisions/068): its English is the English catalogue's.
  const englishCatalog: Record<string, string> = { ...serverEn, ...en };
  const translated = Object.keys(catalog)
    .filter((id) => catalog[id] !== (englishCatalog[id] || id))
    .map((id) => englishCatalog[id] || id)
    .filter((english) => !/\{\w+, (plural|select)/.test(english));
  const exact = new Set(translated.filter((english) => !english.includes('{')));
  // A template matches the text it makes: its words as written, anything in place of each {value}.
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const patternOf = (english: string) => {
    const words = english.split(/\{\w+\}/).map(escape);
    return new RegExp(`^${words.join('.+')}$`);
  };
  const templates = translated
    // A template's own words must be enough to tell it from a name ('Dr. {name}' is not).
    .filter((english) => english.includes('{') && english.replace(/\{\w+\}/g, '').replace(/[^A-Za-z]/g, '').length >= 6)
    .map(patternOf);
  return (text: string) => exact.has(text) || templates.some((template) => template.test(text));
}
const ENGLISH = { hi: englishOf('hi'), ur: englishOf('ur') };

/** Every text a user sees or hears on the page: its visible text, labels, placeholders, titles and the page title. */
function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      // An element marked English on purpose (the switcher's 'English') is said in English; a record kept as it was
      // written (an e-mail's subject as sent) is marked not to be translated.
      if (text && parent?.checkVisibility({ visibilityProperty: true }) && !parent.closest('[lang="en"], [translate="no"]')) texts.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest('[lang="en"], [translate="no"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** The texts on the page (see textsOnScreen) that the catalogues have in `locale` but the page shows in English. */
export async function textsLeftInEnglish(page: Page, locale: 'hi' | 'ur'): Promise<string[]> {
  return (await textsOnScreen(page)).filter(ENGLISH[locale]);
}
