import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

// The proof of visit's signing key (docs/decisions/041-visit-outcomes-and-proof.md): Ed25519 through node:crypto, from
// RECEIPT_SIGNING_KEY or, like the web-push keys, generated on first use and kept in app_secrets (the first instance
// to insert wins; the others read its key). Its key id, a digest of the public key, goes into every receipt, so a
// receipt of another key is told apart before its signature is even checked. Loaded once per app: services read it as
// `deps.keys.receipt()` (app-keys.ts, docs/decisions/063).

/** What loading the key takes (not a Pick of Deps: Deps names ReceiptKey, so that import would be a cycle). */
interface KeyDeps {
  db: Db;
  config: Pick<Config, 'RECEIPT_SIGNING_KEY'>;
  log: FastifyBaseLogger;
}

export interface ReceiptKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const SECRET_NAME = 'receipt_signing_key';

/** The key pair and its id from a PKCS8 PEM private key. */
export function receiptKeyOf(pem: string): ReceiptKey {
  const privateKey = createPrivateKey({ key: pem, format: 'pem' });
  const publicKey = createPublicKey(privateKey);
  const kid = createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest()
    .subarray(0, 9)
    .toString('base64url');
  return { kid, privateKey, publicKey };
}

/** The configured key, else the one kept in app_secrets (made and kept by the first instance to ask). */
export async function loadReceiptKey(deps: KeyDeps): Promise<ReceiptKey> {
  const configured = deps.config.RECEIPT_SIGNING_KEY;
  return configured ? receiptKeyOf(configured) : loadOrCreateReceiptKey(deps);
}

async function loadOrCreateReceiptKey(deps: KeyDeps): Promise<ReceiptKey> {
  const generated = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  await deps.db.insert(appSecrets).values({ name: SECRET_NAME, value: generated }).onConflictDoNothing();
  const [row] = await deps.db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)).limit(1);
  const key = receiptKeyOf(row!.value);
  if (row!.value === generated) deps.log.info({ kid: key.kid }, 'generated the proof-of-visit signing key (kept in app_secrets)');
  return key;
}
