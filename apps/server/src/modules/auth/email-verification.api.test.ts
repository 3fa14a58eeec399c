import { RATE_LIMITS } from '../../plugins/rate-limit';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, session, twoFactor, user, userDocuments } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { PDF_BYTES, multipartBody } from '../../test/kyc-files';
import {
  type TestApp,
  confirmEmail,
  cookieFrom,
  createTestApp,
  latestVerificationToken,
  resetPasswordThroughMailbox,
  sameOriginHeaders,
  signIn,
} from '../../test/test-app';
import { enrolTwoFactor } from '../../test/totp';

const PASSWORD = 'Cafe-de-Origen-2025';
/** The password the owner of the mailbox sets through a reset link. */
const OWNER_PASSWORD = 'Mi-Propia-Clave-2026';

let counter = 0;
function account(email: string) {
  counter += 1;
  return {
    fullName: `Ana Torres ${counter}`,
    email,
    password: PASSWORD,
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

  it('the probe: a squatter who signed up first with a listed address keeps nothing when the owner follows the link', async () => {
    // The squatter signs up with the admin's address and enrols their own authenticator.
    const { headers: squatter } = await signUp('jefa@example.com');
    expect((await sessionOf(squatter)).isAdmin).toBe(false);
    const { headers: enrolled } = await enrolTwoFactor(t, squatter, PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: enrolled })).statusCode).toBe(403);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'jefa@example.com'));

    // The owner follows the link in their mailbox (another browser: no session).
    const verified = await verify(await latestVerificationToken(t, 'jefa@example.com'));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toBeNull();

    // The squatter's session is gone, and the two-factor enrolment made before the link with it.
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: enrolled })).json().user).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: enrolled })).statusCode).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, row!.id))).toHaveLength(0);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, row!.id))).toHaveLength(0);
    const [after] = await t.db.select().from(user).where(eq(user.id, row!.id));
    expect(after).toMatchObject({ emailVerified: true, twoFactorEnabled: false, passwordSetViaMailboxAt: null });

    // The sign-up's password still opens an ordinary account, never the back office.
    const again = await signIn(t, 'jefa@example.com', PASSWORD);
    expect(await sessionOf(again)).toMatchObject({ emailVerified: true, isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: again })).statusCode).toBe(403);
    const door = await post('/api/auth/admin/sign-in', { email: 'jefa@example.com', password: PASSWORD });
    expect(door.statusCode).toBe(403);
    expect(door.json().error).toMatchObject({
      code: 'ADMIN_PASSWORD_RESET_REQUIRED',
      message:
        'Tu correo está en la lista de administradores. Para entrar al back office, fija tu contraseña con el enlace que te enviamos desde «¿Olvidaste tu contraseña?».',
    });
    expect(door.headers['set-cookie']).toBeUndefined();

    // The owner sets a password through the mailbox: the squatter is out for good, the owner is an admin.
    await resetPasswordThroughMailbox(t, 'jefa@example.com', OWNER_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: again })).json().user).toBeNull();
    const refused = await post('/api/auth/sign-in', { email: 'jefa@example.com', password: PASSWORD });
    expect(refused.json().error.code).toBe('INVALID_CREDENTIALS');
    const owner = await signIn(t, 'jefa@example.com', OWNER_PASSWORD);
    expect(await sessionOf(owner)).toMatchObject({ isAdmin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: owner })).statusCode).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.email_verified'));
    expect(audit.find((entry) => entry.entityId === row!.id)?.data).toMatchObject({ twoFactorDropped: true });
  });

  it('compares admin addresses case-insensitively, and an upper-case sign-up still needs the link and a reset', async () => {
    // ADMIN_EMAILS lists Mayus@Example.COM; the sign-up types it in capitals.
    const { user: created, headers } = await signUp('MAYUS@EXAMPLE.COM');
    expect(created).toMatchObject({ email: 'mayus@example.com', isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers })).statusCode).toBe(403);
    expect((await verify(await latestVerificationToken(t, 'mayus@example.com'))).statusCode).toBe(200);
    expect((await sessionOf(await signIn(t, 'mayus@example.com', PASSWORD))).isAdmin).toBe(false);
    await resetPasswordThroughMailbox(t, 'MAYUS@example.com', OWNER_PASSWORD);
    expect((await sessionOf(await signIn(t, 'mayus@example.com', OWNER_PASSWORD))).isAdmin).toBe(true);
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
    const door = await post('/api/auth/admin/sign-in', { email: 'guardada@example.com', password: PASSWORD });
    expect(door.statusCode).toBe(403);
    expect(door.json().error.code).toBe('FORBIDDEN');
    expect((await verify(await latestVerificationToken(t, 'guardada@example.com'))).statusCode).toBe(200);
    const awaiting = await post('/api/auth/admin/sign-in', { email: 'guardada@example.com', password: PASSWORD });
    expect(awaiting.json().error.code).toBe('ADMIN_PASSWORD_RESET_REQUIRED');
    await resetPasswordThroughMailbox(t, 'guardada@example.com', OWNER_PASSWORD);
    const opened = await post('/api/auth/admin/sign-in', { email: 'guardada@example.com', password: OWNER_PASSWORD });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().user.isAdmin).toBe(true);
  });

  it('a reset before the link counts for nothing: the password must be set through the mailbox after it', async () => {
    const { headers } = await signUp('antes@example.com');
    const link = await latestVerificationToken(t, 'antes@example.com');
    await resetPasswordThroughMailbox(t, 'antes@example.com', OWNER_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user).toBeNull();
    expect((await verify(link)).statusCode).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'antes@example.com'));
    expect(row?.passwordSetViaMailboxAt).toBeNull();
  });

  it('a session opened under an earlier password of the account (a sign-in that raced a reset) counts for nothing', async () => {
    await signUp('carrera@example.com');
    await confirmEmail(t, 'carrera@example.com');
    await resetPasswordThroughMailbox(t, 'carrera@example.com', OWNER_PASSWORD);
    const headers = await signIn(t, 'carrera@example.com', OWNER_PASSWORD);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'carrera@example.com'));
    const [opened] = await t.db.select().from(session).where(eq(session.userId, row!.id));
    // The session row records the stamp its sign-in read before checking the password.
    expect(opened?.mailboxPasswordSetAt?.getTime()).toBe(row!.passwordSetViaMailboxAt!.getTime());
    expect((await sessionOf(headers)).email).toBe('carrera@example.com');
    // As if its password had been checked just before the reset landed (written straight to the database:
    // the instance's session cache hears of it through the database's announcement, within moments).
    await t.db.update(session).set({ mailboxPasswordSetAt: null }).where(eq(session.id, opened!.id));
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user)
      .toBeNull();
    expect(await t.db.select().from(session).where(eq(session.id, opened!.id))).toHaveLength(0);
  });

  it('refuses KYC uploads and the stepper until the address is verified, then accepts them', async () => {
    let { headers } = await signUp('empresa@example.com');
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
    // The link ended the sign-up's session: signed in again, the documents go through.
    expect((await upload()).statusCode).toBe(401);
    headers = await signIn(t, 'empresa@example.com', PASSWORD);
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

    const first = await verify(token, headers);
    expect(first.statusCode).toBe(200);
    // Even opened where the account is signed in, it answers no user: every session of the account ended.
    expect(first.json().user).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user).toBeNull();
    expect(await sessionOf(await signIn(t, 'una-vez@example.com', PASSWORD))).toMatchObject({ emailVerified: true });
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
    const done = await post('/api/auth/email/resend', {}, await signIn(t, 'reenviar@example.com', PASSWORD));
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
