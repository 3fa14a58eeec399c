import { RATE_LIMITS } from '../../plugins/rate-limit';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, user, userDocuments } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { PDF_BYTES, multipartBody } from '../../test/kyc-files';
import {
  type TestApp,
  cookieFrom,
  createTestApp,
  latestVerificationToken,
  sameOriginHeaders,
  signIn,
} from '../../test/test-app';

let counter = 0;
function account(email: string) {
  counter += 1;
  return {
    fullName: `Ana Torres ${counter}`,
    email,
    password: 'Cafe-de-Origen-2025',
    companyName: 'Torres Trading S.A.',
    country: 'PE',
    companyType: 'trader',
  };
}

describe('e-mail verification', () => {
  let t: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = sameOriginHeaders()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const sessionOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user as Record<string, unknown>;

  async function signUp(email: string, language = 'es') {
    const response = await post('/api/auth/sign-up', account(email), {
      ...sameOriginHeaders(),
      'accept-language': language,
    });
    expect(response.statusCode, response.body).toBe(201);
    return {
      user: response.json().user as Record<string, unknown>,
      headers: sameOriginHeaders(cookieFrom(response.headers['set-cookie'])),
    };
  }
  const verify = (token: string, headers = sameOriginHeaders()) => post('/api/auth/email/verify', { token }, headers);

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'jefa@example.com,Mayus@Example.COM' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('e-mails a verification link on sign-up, in the language of the sign-up', async () => {
    const { user: created } = await signUp('english@example.com', 'en');
    expect(created.emailVerified).toBe(false);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'english@example.com'));
    expect(mail?.subject).toBe('Confirm your e-mail for TradeOps');
    expect(mail?.text).toMatch(/^Hello Ana Torres \d+,/);
    expect(mail?.text).toMatch(/http:\/\/localhost\/verify-email\?token=[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('grants nothing to an unverified sign-up with an address on ADMIN_EMAILS, admin rights once verified', async () => {
    const { user: created, headers } = await signUp('jefa@example.com');
    expect(created.isAdmin).toBe(false);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');

    const verified = await verify(await latestVerificationToken(t, 'jefa@example.com'), headers);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'jefa@example.com', emailVerified: true, isAdmin: true });
    expect((await sessionOf(headers)).isAdmin).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).statusCode).toBe(200);
  });

  it('compares admin addresses case-insensitively, and an upper-case sign-up still needs the link', async () => {
    // ADMIN_EMAILS lists Mayus@Example.COM; the sign-up types it in capitals.
    const { user: created, headers } = await signUp('MAYUS@EXAMPLE.COM');
    expect(created).toMatchObject({ email: 'mayus@example.com', isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers })).statusCode).toBe(403);
    expect((await verify(await latestVerificationToken(t, 'mayus@example.com'))).statusCode).toBe(200);
    expect((await sessionOf(headers)).isAdmin).toBe(true);
  });

  it('applies the same rule to the admin list kept in the admin settings', async () => {
    const admin = await signIn(t, 'admin@tradeops.demo');
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { ...settings, adminEmails: ['Guardada@Example.com'], envAdminEmails: undefined },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { headers } = await signUp('guardada@example.com');
    expect((await sessionOf(headers)).isAdmin).toBe(false);
    const door = await post('/api/auth/admin/sign-in', {
      email: 'guardada@example.com',
      password: 'Cafe-de-Origen-2025',
    });
    expect(door.statusCode).toBe(403);
    expect((await verify(await latestVerificationToken(t, 'guardada@example.com'))).statusCode).toBe(200);
    expect((await sessionOf(headers)).isAdmin).toBe(true);
  });

  it('refuses KYC uploads and the stepper until the address is verified, then accepts them', async () => {
    const { headers } = await signUp('empresa@example.com');
    const upload = () => {
      const body = multipartBody('banco.pdf', PDF_BYTES);
      return t.app.inject({
        method: 'POST',
        url: '/api/kyc/documents/bank_reference',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const refused = await upload();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Confirma tu correo electrónico antes de enviar tus documentos a revisión. Abre el enlace que te enviamos o pide uno nuevo.',
    });
    const continued = await post('/api/kyc/onboarding/continue', {}, { ...headers, 'accept-language': 'en' });
    expect(continued.statusCode).toBe(403);
    expect(continued.json().error.message).toMatch(/^Confirm your e-mail address before sending your documents/);
    const id = (await sessionOf(headers)).id as string;
    expect(await t.db.select().from(userDocuments).where(eq(userDocuments.userId, id))).toHaveLength(0);

    expect((await verify(await latestVerificationToken(t, 'empresa@example.com'))).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
  });

  it('verifies with a link once; a second use and a bad or altered token are refused', async () => {
    const { headers } = await signUp('una-vez@example.com');
    const token = await latestVerificationToken(t, 'una-vez@example.com');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@tradeops.demo' })).toString('base64url')}.${signature}`;
    for (const bad of ['not-a-token', `${token.slice(0, -2)}xx`, forged]) {
      const response = await verify(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'EMAIL_VERIFICATION_INVALID',
        message: 'El enlace de confirmación no es válido o ya expiró. Pide uno nuevo.',
      });
    }
    expect((await sessionOf(headers)).emailVerified).toBe(false);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    // Opened in another browser (no session): it verifies, and answers no user.
    expect(first.json().user).toBeNull();
    expect((await sessionOf(headers)).emailVerified).toBe(true);
    const again = await verify(token, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('resends the link to a signed-in unverified account, a few times an hour', async () => {
    const { headers } = await signUp('reenviar@example.com');
    const firstToken = await latestVerificationToken(t, 'reenviar@example.com');
    for (let attempt = 0; attempt < RATE_LIMITS.verifyMailAccount.points; attempt += 1) {
      const response = await post('/api/auth/email/resend', {}, headers);
      expect(response.statusCode, response.body).toBe(200);
    }
    const limited = await post('/api/auth/email/resend', {}, headers);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'reenviar@example.com'));
    expect(mails).toHaveLength(1 + RATE_LIMITS.verifyMailAccount.points);
    // Any link of the account works (the first one too), and then the button has nothing to do.
    expect((await verify(firstToken)).statusCode).toBe(200);
    const done = await post(
      '/api/auth/email/resend',
      {},
      await signIn(t, 'reenviar@example.com', 'Cafe-de-Origen-2025'),
    );
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await post('/api/auth/email/resend', {})).statusCode).toBe(401);
  });

  it('seeds every demo account verified, and the session says so', async () => {
    const rows = await t.db
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_ACCOUNTS.map((demo) => demo.email),
        ),
      );
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    expect(rows.every((row) => row.emailVerified)).toBe(true);
    expect(await sessionOf(await signIn(t, 'pendiente@tradeops.demo'))).toMatchObject({
      emailVerified: true,
      twoFactorEnabled: false,
      twoFactorEnrolmentRequired: false,
    });
  });
});
