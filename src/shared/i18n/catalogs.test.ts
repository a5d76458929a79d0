import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import clientEn from './client/en.json' with { type: 'json' };
import clientHi from './client/hi.json' with { type: 'json' };
import clientUr from './client/ur.json' with { type: 'json' };
import serverEn from './server/en.json' with { type: 'json' };
import serverHi from './server/hi.json' with { type: 'json' };
import serverUr from './server/ur.json' with { type: 'json' };
import { hasNothingToTranslate, KEPT_IN_ENGLISH } from './kept-in-english';

// The catalogues (docs/decisions/045-languages.md), written by `npx lingui extract` and filled by translators: every
// English text of the code has a Hindi and an Urdu translation that keeps its placeholders and tags and compiles, and
// a shared text (src/shared) reads the same in the client's catalogue and the server's. An id is the English text, but
// for a text with a context (docs/decisions/068), whose id is Lingui's and whose English is the English catalogue's.

type Catalog = Record<string, string>;
const HALVES: Record<'client' | 'server', Record<'en' | 'hi' | 'ur', Catalog>> = {
  client: { en: clientEn, hi: clientHi, ur: clientUr },
  server: { en: serverEn, hi: serverHi, ur: serverUr },
};
const TRANSLATED = ['hi', 'ur'] as const;

/** The placeholder names of a compiled message, nested ones (inside plural branches) included, sorted. */
function placeholdersOf(message: CompiledMessage): string[] {
  const names: string[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.push(name);
      if (format && typeof format === 'object') {
        for (const [key, branch] of Object.entries(format)) if (key !== 'offset' && Array.isArray(branch)) walk(branch as CompiledMessage);
      }
    }
  };
  walk(message);
  return [...new Set(names)].sort();
}

/** The rich-text tags of a message (`<terms>`, `</terms>`, `<br/>`), with their count, sorted. */
const tagsOf = (text: string) => (text.match(/<\/?\w+\s*\/?>/g) ?? []).map((t) => t.replace(/\s+/g, '')).sort();

/** The plural and select categories of a message, so `one`/`other` are not dropped or renamed. */
function choicesOf(message: CompiledMessage): string[] {
  const out: string[] = [];
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    if (type && format && typeof format === 'object') {
      out.push(`${name}:${type}`);
      for (const [key, branch] of Object.entries(format)) if (key !== 'offset' && Array.isArray(branch)) out.push(...choicesOf(branch as CompiledMessage));
    }
  }
  return out.sort();
}

const compiles = (text: string): CompiledMessage | Error => {
  try {
    return compileMessageOrThrow(text);
  } catch (err) {
    return err as Error;
  }
};

describe.each(Object.keys(HALVES) as Array<keyof typeof HALVES>)('the %s catalogues', (half) => {
  const { en } = HALVES[half];
  const ids = Object.keys(en);
  /** The English of an id: the text itself, or a context message's English. */
  const englishOf = (id: string) => en[id] || id;

  it('have English texts to translate, each a valid message', () => {
    expect(ids.length).toBeGreaterThan(0);
    const invalid = ids.filter((id) => compiles(englishOf(id)) instanceof Error);
    expect(invalid, 'English ids that are not valid ICU messages').toEqual([]);
  });

  describe.each(TRANSLATED)('%s', (locale) => {
    const catalog = HALVES[half][locale];

    it('translates every English text', () => {
      const missing = ids.filter((id) => typeof catalog[id] !== 'string' || catalog[id].trim() === '');
      expect(missing, `texts without a ${locale} translation`).toEqual([]);
    });

    it('has no translation equal to its English, but for the deliberate few', () => {
      const same = ids.filter((id) => catalog[id] === englishOf(id) && !KEPT_IN_ENGLISH.has(id) && !hasNothingToTranslate(id));
      expect(same, `${locale} texts left in English (or add them to kept-in-english.ts, with a reason)`).toEqual([]);
    });

    it('keeps the placeholders, plural forms and tags of the English, and compiles', () => {
      const wrong: string[] = [];
      for (const id of ids) {
        const text = catalog[id];
        if (!text) continue;
        const translated = compiles(text);
        if (translated instanceof Error) {
          wrong.push(`${id} -> does not compile: ${translated.message.split('\n')[0]}`);
          continue;
        }
        const english = compiles(englishOf(id));
        if (english instanceof Error) continue;
        if (placeholdersOf(translated).join() !== placeholdersOf(english).join()) wrong.push(`${id} -> placeholders differ: ${text}`);
        if (choicesOf(translated).join() !== choicesOf(english).join()) wrong.push(`${id} -> plural or select differs: ${text}`);
        if (tagsOf(text).join() !== tagsOf(englishOf(id)).join()) wrong.push(`${id} -> tags differ: ${text}`);
      }
      expect(wrong).toEqual([]);
    });

    it('quotes no text of the screens in English (a button named in a sentence is named as the screen says it)', () => {
      const quoted = (text: string) => [...text.matchAll(/["'“‘]([^"'“”‘’]+)["'”’]/g)].map((m) => m[1]!);
      const english = ids.filter((id) => catalog[id] && catalog[id] !== englishOf(id)).map(englishOf);
      const left = ids.flatMap((id) =>
        quoted(catalog[id] ?? '')
          .filter((q) => english.includes(q))
          .map((q) => `${id} -> "${q}"`),
      );
      expect(left, `${locale} translations quoting an English text of the catalogue`).toEqual([]);
    });

    it('has no key the English catalogue does not have', () => {
      const stale = Object.keys(catalog).filter((id) => !Object.hasOwn(en, id));
      expect(stale, `obsolete ${locale} keys (run npx lingui extract)`).toEqual([]);
    });
  });
});

describe('the shared texts', () => {
  it.each(TRANSLATED)('read the same in the client and the server catalogues (%s)', (locale) => {
    const client = HALVES.client[locale];
    const server = HALVES.server[locale];
    const differ = Object.keys(HALVES.client.en)
      .filter((id) => Object.hasOwn(HALVES.server.en, id))
      .filter((id) => (client[id] ?? '') !== (server[id] ?? ''))
      .map((id) => `${id}: client "${client[id] ?? ''}", server "${server[id] ?? ''}"`);
    expect(differ).toEqual([]);
  });
});
