import { ConfigError, loadConfig, type Config } from '../config';

// The operations commands' way out: a sentence on stderr and exit 1, never a stack trace for a refusal.

export function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message);
    throw err;
  }
}
