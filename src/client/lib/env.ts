// The only reader of import.meta.env (ARCHITECTURE rule 6).
export const env = {
  dev: import.meta.env.DEV,
  /** The year the client was built (set in vite.config.ts): pre-rendered pages were rendered with it. */
  buildYear: Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear(),
} as const;
