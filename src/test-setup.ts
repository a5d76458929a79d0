// Testing Library matchers for component tests (they opt into jsdom with `// @vitest-environment jsdom`).
import '@testing-library/jest-dom/vitest';

// In the app the English plurals load with the code of the pages that show counts (ensure-query-client, decision
// 045); component tests render parts of those pages directly, so they load them first.
if (typeof document !== 'undefined') await import('./client/lib/english-plurals');
