import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { type TestApp, createTestApp, resetTokensMailedTo } from '../../test/test-app';

describe('reset links come from PUBLIC_URL, never from the request (production mode)', () => {
  const PUBLIC_URL = 'https://tradeops.example.com';
  let t: TestApp;
  const forgot = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', headers, payload: { email } });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        PUBLIC_URL,
        TRUSTED_ORIGINS: 'https://backoffice.tradeops.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a forged Host with a matching Origin (403) and mails nothing, for an admin too', async () => {
    for (const email of ['admin@tradeops.demo', 'comprador@tradeops.demo']) {
      const response = await forgot(email, { host: 'attacker.example', origin: 'http://attacker.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CSRF_REJECTED');
      expect(await resetTokensMailedTo(t, email)).toEqual([]);
    }
    const outbox = await t.db.select().from(emailOutbox);
    expect(outbox.some((mail) => mail.text.includes('attacker.example'))).toBe(false);
  });

  it('compares the scheme too: http:// is not the https:// site', async () => {
    const response = await forgot('vendedor@tradeops.demo', {
      host: 'tradeops.example.com',
      origin: 'http://tradeops.example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(await resetTokensMailedTo(t, 'vendedor@tradeops.demo')).toEqual([]);
  });

  it('mails a link on PUBLIC_URL whatever Host the request reached us by (a proxy in front)', async () => {
    const email = 'importadora.andina@tradeops.demo';
    const response = await forgot(email, { host: '10.0.0.7:3000', origin: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail?.text).toMatch(/https:\/\/tradeops\.example\.com\/reset-password\?token=[\w-]{20,}/);
    expect(mail?.text).not.toContain('10.0.0.7');
  });

  it('accepts a TRUSTED_ORIGINS page, and still links to PUBLIC_URL', async () => {
    const email = 'exportadora.pampa@tradeops.demo';
    const response = await forgot(email, {
      host: 'backoffice.tradeops.example.com',
      origin: 'https://backoffice.tradeops.example.com',
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail?.text).not.toContain('backoffice');
  });
});
