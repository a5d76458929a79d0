// Testing Library matchers for component tests (they opt into jsdom with `// @vitest-environment jsdom`).
import '@testing-library/jest-dom/vitest';

// In the app the English plurals load with the code of the pages that show counts (ensure-query-client, decision
// 045); component tests render parts of those pages directly, so they load them first.
if (typeof document !== 'undefined') await import('./client/lib/english-plurals');

// Testing Library unmounts what a test rendered by an afterEach it registers when first imported; component files
// that share a worker's modules (decision 086) import it once, so every file registers the clean-up here.
if (typeof document !== 'undefined') {
  const [{ afterEach }, { cleanup }] = await Promise.all([import('vitest'), import('@testing-library/react')]);
  afterEach(() => cleanup());
}
