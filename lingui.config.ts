import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// Docs/decisions/045-languages.md. `npx lingui extract` collects every text marked for translation (`i18n._('...')`,
// `/*i18n*/ '...'`, `/*i18n*/ { id, values }` and <Trans id="...">) into one catalogue per language per half; the English text is
// the id, but for a text with a context, whose id is Lingui's id of text and context (docs/decisions/068).
// The shared texts (src/shared: error messages, validation, the spec's lists) are in both halves' catalogues.
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'ur'],
  fallbackLocales: false,
  orderBy: 'messageId',
  format: formatter({ style: 'minimal' }),
  catalogs: [
    { path: '<rootDir>/src/shared/i18n/client/{locale}', include: ['<rootDir>/src/client', '<rootDir>/src/shared'], exclude: TESTS },
    {
      path: '<rootDir>/src/shared/i18n/server/{locale}',
      include: ['<rootDir>/src/server', '<rootDir>/src/shared'],
      exclude: [...TESTS, '<rootDir>/src/server/test'],
    },
  ],
});
