import { hash, verify } from '@node-rs/argon2';

// Passwords hashed with argon2id (OWASP: m=19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// A hash to verify against when the account does not exist, so unknown e-mails take as long as wrong passwords.
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  return dummyHash;
}
