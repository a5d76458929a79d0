import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// The environment as the server reads it at start-up (README, Configuration; docs/decisions/029-request-edge-hardening.md).

const SECRET = 'x'.repeat(32);
const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://user:pass@smtp.example:465', SESSION_SECRET: SECRET };

describe('production start-up', () => {
  it('starts with a mail server and a session secret', () => {
    const config = loadConfig(production);
    expect(config.SMTP_URL).toBe(production.SMTP_URL);
    expect(config.SESSION_SECRET).toBe(SECRET);
  });

  it('stops without SMTP_URL: e-mails (codes, reset links) would be printed to the log instead of sent', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/^Invalid configuration:\n {2}SMTP_URL: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/^Invalid configuration:\n {2}SMTP_URL: required/);
  });

  it('stops without SESSION_SECRET', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: undefined })).toThrow(
      /^Invalid configuration:\n {2}SESSION_SECRET: required when NODE_ENV=production/,
    );
  });

  it('names both when both are missing, with any other wrong value', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/\n {2}PORT: /);
    expect(message).toMatch(/\n {2}SMTP_URL: required/);
    expect(message).toMatch(/\n {2}SESSION_SECRET: required/);
  });

  it('still starts without them outside production (`npm start`, the demo on the embedded database)', () => {
    expect(loadConfig({}).NODE_ENV).toBe('development');
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).SESSION_SECRET).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy when unset or false', () => {
    for (const v of [undefined, '', 'false', 'no', '0']) expect(trust(v), String(v)).toBe(0);
  });

  it('takes true as one hop, and a number as that many hops', () => {
    for (const v of ['true', 'yes', '1']) expect(trust(v), v).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust(' 3 ')).toBe(3);
  });

  it('takes a comma-separated list of proxy addresses, ranges and netmasks', () => {
    expect(trust('10.0.0.0/8, 127.0.0.1,::1, fd00::/8, 192.168.0.0/255.255.0.0, loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const v of ['maybe', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'example.com', '::1/129']) {
      expect(() => trust(v), v).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: /);
    }
  });
});

describe('RECEIPT_SIGNING_KEY', () => {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const der = createPrivateKey(pem).export({ format: 'der', type: 'pkcs8' });
  const key = (value?: string) => loadConfig({ RECEIPT_SIGNING_KEY: value }).RECEIPT_SIGNING_KEY;

  it('is optional (a key is then generated and kept in the database)', () => {
    expect(key(undefined)).toBeUndefined();
    expect(key('')).toBeUndefined();
  });

  it('takes an Ed25519 PKCS8 PEM, its base64 (one line for an env file), the DER in base64, or the PEM with \\n escapes', () => {
    for (const v of [pem, Buffer.from(pem).toString('base64'), der.toString('base64'), pem.replace(/\n/g, '\\n')]) expect(key(v)).toBe(pem);
  });

  it('refuses anything else, naming the variable and never echoing the value', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const v of ['secret', 'c2VjcmV0', rsa, pem.slice(0, 60)]) {
      let message = '';
      try {
        key(v);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, v).toMatch(/^Invalid configuration:\n {2}RECEIPT_SIGNING_KEY: must be an Ed25519 private key/);
      expect(message).not.toContain(v);
    }
  });
});

describe('SERVER_HEAP_MB', () => {
  it('is 512 unless set, and refuses a heap too small for the read caches or not a whole number', () => {
    expect(loadConfig({}).SERVER_HEAP_MB).toBe(512);
    expect(loadConfig({ SERVER_HEAP_MB: '768' }).SERVER_HEAP_MB).toBe(768);
    expect(() => loadConfig({ SERVER_HEAP_MB: '256' })).toThrow(/SERVER_HEAP_MB: must be at least 320/);
    expect(() => loadConfig({ SERVER_HEAP_MB: 'lots' })).toThrow(/^Invalid configuration:\n {2}SERVER_HEAP_MB: /);
  });
});
