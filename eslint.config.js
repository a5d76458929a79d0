// Lint: type-aware typescript-eslint, React hooks and jsx-a11y; Prettier owns formatting (decision 020).
// Import boundaries are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'bench/.dist/**', 'bench/results/**', 'test-results/**', 'playwright-report/**', 'data/**', 'drizzle/**', 'public/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Bugs the type checker alone does not catch.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // JSX handlers may return a promise (react-hook-form's handleSubmit, async onClick): React ignores it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `a || b` on strings and booleans is meant ('' falls back); numbers and objects must use `??`.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true, boolean: true } }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      // Off: Fastify plugins are async by convention without awaiting, and stand-ins implement async
      // interfaces; a forgotten await is what no-floating-promises catches (decision 020).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Our <Input> takes autoFocus only where a step moves the user to a new field (profile-change steps, the
      // admin gate); a raw DOM autoFocus is still reported.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A scrollable labelled region must take focus to be scrolled by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // One way to write (docs/decisions/062-one-write-path.md): outside src/server/db/ a transaction is withWrite's, whose
    // repo writers name the cache keys of the rows they wrote; no module, job or plugin opens a plain transaction or
    // announces keys by hand. A savepoint is `w.savepoint`.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**', 'src/server/cache/**', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Write in withWrite(deps, (w) => ...) from src/server/db/write.ts (decision 062); a savepoint is w.savepoint.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../cache/invalidation',
              message: 'Keys are named by repo writers through withWrite (src/server/db/write.ts, decision 062).',
            },
            { name: '../cache/invalidation', message: 'Keys are named by repo writers through withWrite (src/server/db/write.ts, decision 062).' },
          ],
        },
      ],
    },
  },
  {
    // Only a repo (or a job's own SQL) names keys: a service hands `w` to repos and never sees a key (decision 062).
    files: ['src/server/modules/**/*.ts', 'src/server/plugins/**/*.ts'],
    ignores: ['src/server/modules/**/*.repo.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Write in withWrite(deps, (w) => ...) from src/server/db/write.ts (decision 062); a savepoint is w.savepoint.',
        },
        {
          selector: "CallExpression[callee.property.name='changed'][arguments.length>0]",
          message: 'A repo writer names the keys of the rows it wrote (decision 062); a service only passes w on.',
        },
        {
          // Other modules reach a repo's query through a service function named for their use (decision 070).
          selector: 'ExportNamedDeclaration[source.value=/\\.repo$/], ExportAllDeclaration[source.value=/\\.repo$/]',
          message: "Other modules use a service function named for what they need, not this module's repo (decision 070).",
        },
      ],
    },
  },
  {
    // Tests read app.inject() answers and fixtures through `any` (res.json()); typing every answer in a test
    // costs more than it finds, so the no-unsafe-* family is off in tests only (decision 020).
    files: ['src/**/*.test.{ts,tsx}', 'src/test-setup.ts', 'src/server/test/**', 'src/client/**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
