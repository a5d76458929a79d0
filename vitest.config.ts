import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './build/vite-i18n.ts';

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
          // Component tests replace modules (vi.mock) and globals per file: each keeps its own module graph.
          isolate: true,
        },
      },
    ],
  },
});
