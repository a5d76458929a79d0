import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './build/vite-i18n.ts';

export default defineConfig({
  plugins: [react(), i18nCatalogs()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // API suites start databases; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // Migrates once the database every API suite copies (docs/decisions/064-fast-test-loop.md).
    globalSetup: ['src/server/test/global-setup.ts'],
  },
});
