import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The signature of one delivery, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 over
 * "<t>.<body>" with the endpoint's secret>`. The timestamp inside the signed text lets a receiver
 * refuse replays outside its tolerance (WEBHOOK_TOLERANCE_SECONDS; docs/api.md).
 */
export function signWebhookBody(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/** A new endpoint's signing secret: shown to the company once. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The key that encrypts the stored secrets, derived from SESSION_SECRET (the same on every instance). */
function storageKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'tradeops', 'webhook-signing-secret', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptWebhookSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', storageKey(sessionSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptWebhookSecret(stored: string, sessionSecret: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', storageKey(sessionSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
