import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

// Web push's VAPID keys (decision 011): from configuration, or generated on first start and kept in app_secrets (the
// first instance to insert wins; the others read its pair). Loaded once per app: read as `deps.keys.vapid()`
// (app-keys.ts, docs/decisions/063).

/** What loading the keys takes (not a Pick of Deps: Deps names VapidKeys, so that import would be a cycle). */
interface KeyDeps {
  db: Db;
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>;
  log: FastifyBaseLogger;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SECRET_NAME = 'vapid_keys';

/** The configured pair, else the one kept in app_secrets (made and kept by the first instance to ask). */
export async function loadVapidKeys(deps: KeyDeps): Promise<VapidKeys> {
  const { config } = deps;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const generated = webpush.generateVAPIDKeys();
  await deps.db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET_NAME, value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME)).limit(1);
  const stored = JSON.parse(row!.value) as VapidKeys;
  if (stored.publicKey === generated.publicKey) deps.log.info('generated VAPID keys for web push (kept in app_secrets)');
  return stored;
}
