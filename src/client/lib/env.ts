// The only reader of import.meta.env (ARCHITECTURE rule 6).
export const env = {
  dev: import.meta.env.DEV,
} as const;
