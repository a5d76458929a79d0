// Testing Library matchers for component tests (they opt into jsdom with `// @vitest-environment jsdom`).
import '@testing-library/jest-dom/vitest';
