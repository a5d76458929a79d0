import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signWebhook, type WhatsAppStandIn } from '../../test/whatsapp-stand-in';

// What the WhatsApp suites share: the settings that turn the channel on against the local Graph API stand-in, and a
// webhook call signed as Meta signs it.

export const PHONE_NUMBER_ID = '109876543210';
export const WHATSAPP_TOKEN = `EAAG${randomBytes(12).toString('hex')}`;
export const APP_SECRET = randomBytes(16).toString('hex');
export const VERIFY_TOKEN = `verify-${randomBytes(6).toString('hex')}`;

export function whatsappEnv(graph: WhatsAppStandIn): Record<string, string> {
  return {
    WHATSAPP_API_URL: `${graph.url}/v21.0`,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_TOKEN,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  };
}

/** POST /api/whatsapp/webhook with Meta's signature of `body` (or the one given). */
export function postWebhook(app: FastifyInstance, body: string, signature: string | null = signWebhook(body, APP_SECRET)) {
  return app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
    payload: body,
  });
}

/** A random Indian mobile number in WhatsApp's form (91 and ten digits). */
export const whatsappNumber = () => `91${9}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
