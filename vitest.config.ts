import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './build/vite-i18n.ts';

// Component tests that replace modules or globals for their file (vi.mock, vi.doMock, vi.stubGlobal) or load and switch
// the language catalogues need a module graph of their own; read from the files themselves, so a test that starts
// doing so moves over without anyone listing it (docs/decisions/086-component-tests-share-a-worker.md).
const MOCKS = /\bvi\.(mock|doMock|stubGlobal)\(|\bi18n\.(load|activate)\(|\bactivateLocale\(/;
const componentTests = readdirSync('src/client', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/client/${f.replaceAll('\\', '/')}`);
const mockingComponentTests = componentTests.filter((f) => MOCKS.test(readFileSync(f, 'utf8')));

export default defineConfig({
  plugins: [react(), i18nCatalogs()],
  test: {
    // Two workers fit two cores; both projects below inherit these (`extends: true`) and share the workers.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // Migrates once the database every API suite copies (docs/decisions/064-fast-test-loop.md).
    globalSetup: ['src/server/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}'],
          // A worker runs many API files on one module graph: importing the server took 2-4 s a file. Every suite
          // builds its own app on its own database, and per-database state hangs on that database
          // (docs/decisions/084-test-workers-reused.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: mockingComponentTests,
          // Setting up a page and importing React, Radix and the app's modules took 2-3 s a file against 0.5 s of
          // tests: these files share a worker's modules and page, each cleaning up what it rendered (decision 086).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client-mocked',
          include: mockingComponentTests,
          // These replace modules (vi.mock) and globals per file: each keeps its own module graph.
          isolate: true,
        },
      },
    ],
  },
});
