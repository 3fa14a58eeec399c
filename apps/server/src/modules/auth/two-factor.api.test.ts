import { RATE_LIMITS } from '../../plugins/rate-limit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, twoFactor, user } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { TWO_FACTOR_LOCKOUT } from '../../plugins/auth/better-auth';
import {
  type TestApp,
  cookieFrom,
  createTestApp,
  resetPasswordThroughMailbox,
  sameOriginHeaders,
  signIn,
  signUpConfirmed,
} from '../../test/test-app';
import { currentTotp, enrolTwoFactor, wrongTotp } from '../../test/totp';

const PASSWORD = 'Cafe-de-Origen-2025';

function postTo(t: TestApp) {
  return (
    url: string,
    payload: unknown,
    headers: Record<string, string> = sameOriginHeaders(),
    remoteAddress?: string,
  ) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

/** Signs up a fresh account, confirms its address (which ends the sign-up's session) and signs it in again. */
async function signUpVerified(t: TestApp, email: string): Promise<Record<string, string>> {
  await signUpConfirmed(t, { email, password: PASSWORD });
  return signIn(t, email, PASSWORD);
}

/** The password step: answers the challenge cookie's headers (no session yet). */
async function startSignIn(t: TestApp, email: string, password: string, door: 'user' | 'admin' = 'user') {
  const response = await postTo(t)(door === 'admin' ? '/api/auth/admin/sign-in' : '/api/auth/sign-in', {
    email,
    password,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ user: null, twoFactorRequired: true });
  const cookie = cookieFrom(response.headers['set-cookie']);
  expect(cookie).toMatch(/tradeops\.two_factor=/);
  // The password alone opened no session.
  expect(cookie).not.toMatch(/session_token=[^;]/);
  return sameOriginHeaders(cookie);
}

const sessionOf = async (t: TestApp, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user as Record<string, unknown> | null;

describe('two-factor sign-in (development)', () => {
  let t: TestApp;
  let post: ReturnType<typeof postTo>;
  beforeAll(async () => {
    t = await createTestApp();
    post = postTo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('enrols with the password and a first code, then sign-in needs a code; wrong codes are refused, recovery codes work once', async () => {
    const email = 'dos-pasos@example.com';
    let headers = await signUpVerified(t, email);

    const wrongPassword = await post('/api/auth/two-factor/enable', { password: 'not-my-password' }, headers);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBe('La contraseña actual no es correcta');

    const started = await post('/api/auth/two-factor/enable', { password: PASSWORD }, headers);
    expect(started.statusCode).toBe(200);
    const { totpUri, secret, recoveryCodes } = started.json() as {
      totpUri: string;
      secret: string;
      recoveryCodes: string[];
    };
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/TradeOps:dos-pasos%40example\.com\?secret=[A-Z2-7]+&issuer=TradeOps/);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    expect(recoveryCodes).toHaveLength(10);
    // Not confirmed yet: the password alone still signs in.
    expect((await post('/api/auth/sign-in', { email, password: PASSWORD })).json().twoFactorRequired).toBe(false);

    const wrongFirst = await post('/api/auth/two-factor/confirm', { code: await wrongTotp(secret) }, headers);
    expect(wrongFirst.statusCode).toBe(401);
    expect(wrongFirst.json().error.code).toBe('TWO_FACTOR_CODE_INVALID');
    const malformed = await post('/api/auth/two-factor/confirm', { code: '12ab' }, headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBe('El código debe tener 6 dígitos.');

    const confirmed = await post('/api/auth/two-factor/confirm', { code: await currentTotp(secret) }, headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    headers = sameOriginHeaders(cookieFrom(confirmed.headers['set-cookie']));
    expect(await sessionOf(t, headers)).toMatchObject({ email, twoFactorEnabled: true });
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row?.twoFactorEnabled).toBe(true);
    // The secret and codes are stored encrypted, never as given to the user.
    const [stored] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, row!.id));
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.backupCodes).not.toContain(recoveryCodes[0]);
    expect((await post('/api/auth/two-factor/enable', { password: PASSWORD }, headers)).json().error.code).toBe(
      'TWO_FACTOR_ALREADY_ENABLED',
    );

    // Sign-in: the password step answers a challenge, then a wrong code is refused.
    let challenge = await startSignIn(t, email, PASSWORD);
    const wrong = await post('/api/auth/two-factor/verify', { code: await wrongTotp(secret) }, challenge);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({
      code: 'TWO_FACTOR_CODE_INVALID',
      message: 'El código no es correcto. Revisa tu app de autenticación o usa un código de recuperación.',
    });
    expect(wrong.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    const right = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, challenge);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user).toMatchObject({ email, twoFactorEnabled: true });
    const signedIn = sameOriginHeaders(cookieFrom(right.headers['set-cookie']));
    expect((await sessionOf(t, signedIn))?.email).toBe(email);
    // The challenge is spent.
    const replay = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, challenge);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    // A recovery code (spaces typed in are ignored) works once.
    challenge = await startSignIn(t, email, PASSWORD);
    const recovery = await post('/api/auth/two-factor/verify', { code: ` ${recoveryCodes[0]} ` }, challenge);
    expect(recovery.statusCode, recovery.body).toBe(200);
    challenge = await startSignIn(t, email, PASSWORD);
    const reused = await post('/api/auth/two-factor/verify', { code: recoveryCodes[0] }, challenge);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await post('/api/auth/two-factor/verify', { code: recoveryCodes[1] }, challenge)).statusCode).toBe(200);

    // No challenge at all (no password step): nothing to verify.
    const lone = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, sameOriginHeaders());
    expect(lone.statusCode).toBe(401);
    expect(lone.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    // Turning it off takes the password; then the password alone signs in again.
    const keep = await post('/api/auth/two-factor/disable', { password: 'not-my-password' }, signedIn);
    expect(keep.statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, signedIn);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().user.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, row!.id))).toHaveLength(0);
    expect((await post('/api/auth/sign-in', { email, password: PASSWORD })).json().user.email).toBe(email);
  });

  it('ends a challenge after five wrong codes and locks the account after ten in a row, even for the right code', async () => {
    const email = 'bloqueo@example.com';
    const { secret } = await enrolTwoFactor(t, await signUpVerified(t, email), PASSWORD);
    let wrongCodes = 0;
    let challenge = await startSignIn(t, email, PASSWORD);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/auth/two-factor/verify', { code: await wrongTotp(secret) }, challenge)).statusCode).toBe(
        401,
      );
      wrongCodes += 1;
    }
    const spent = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, challenge);
    expect(spent.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    challenge = await startSignIn(t, email, PASSWORD);
    while (wrongCodes < TWO_FACTOR_LOCKOUT.maxFailedAttempts) {
      await post('/api/auth/two-factor/verify', { code: await wrongTotp(secret) }, challenge);
      wrongCodes += 1;
    }
    challenge = await startSignIn(t, email, PASSWORD);
    const locked = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, challenge);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits wrong codes per IP', { timeout: 60_000 }, async () => {
    const email = 'por-ip@example.com';
    const { secret } = await enrolTwoFactor(t, await signUpVerified(t, email), PASSWORD);
    const ip = '10.9.0.1';
    for (let attempt = 0; attempt < RATE_LIMITS.twoFactorAddress.points; attempt += 1) {
      const response = await post('/api/auth/two-factor/verify', { code: '123456' }, sameOriginHeaders(), ip);
      expect(response.statusCode).toBe(401);
    }
    const challenge = await startSignIn(t, email, PASSWORD);
    const limited = await post('/api/auth/two-factor/verify', { code: await currentTotp(secret) }, challenge, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const elsewhere = await post(
      '/api/auth/two-factor/verify',
      { code: await currentTotp(secret) },
      challenge,
      '10.9.0.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('asks an admin with two-factor sign-in for the code at the admin door; a non-admin is refused there before any code', async () => {
    const admin = await signIn(t, 'admin@tradeops.demo');
    // Development: the admin works without two-factor sign-in.
    expect(await sessionOf(t, admin)).toMatchObject({ isAdmin: true, twoFactorEnrolmentRequired: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin })).statusCode).toBe(200);
    const { secret } = await enrolTwoFactor(t, admin, DEMO_PASSWORD);

    const challenge = await startSignIn(t, 'admin@tradeops.demo', DEMO_PASSWORD, 'admin');
    const verified = await post(
      '/api/auth/two-factor/verify',
      { code: await currentTotp(secret), door: 'admin' },
      challenge,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.isAdmin).toBe(true);

    const email = 'no-admin-2fa@example.com';
    await enrolTwoFactor(t, await signUpVerified(t, email), PASSWORD);
    const door = await post('/api/auth/admin/sign-in', { email, password: PASSWORD });
    expect(door.statusCode).toBe(403);
    expect(door.json().error.message).toBe('Acceso no autorizado');
    expect(door.headers['set-cookie']).toBeUndefined();
  });
});

describe('two-factor sign-in required of admins in production', () => {
  let t: TestApp;
  let post: ReturnType<typeof postTo>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_EMAILS: 'jefa@example.com,otra-jefa@example.com' },
    });
    post = postTo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps an admin without two-factor sign-in out of admin routes until enrolled at the admin door', async () => {
    const door = await post('/api/auth/admin/sign-in', { email: 'admin@tradeops.demo', password: DEMO_PASSWORD });
    expect(door.statusCode, door.body).toBe(200);
    expect(door.json().user).toMatchObject({ isAdmin: false, twoFactorEnrolmentRequired: true });
    const headers = sameOriginHeaders(cookieFrom(door.headers['set-cookie']));
    expect(headers.cookie).toMatch(/__Secure-tradeops\.session_token=/);
    for (const url of ['/api/admin/outbox', '/api/admin/kyc/users', '/api/admin/settings']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': 'en' } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
        message: 'Turn on two-step verification to enter the back office.',
      });
    }
    // Not an admin anywhere else either: its own (approved) profile is all it has.
    expect((await sessionOf(t, headers))?.isAdmin).toBe(false);

    const enrolled = await enrolTwoFactor(t, headers, DEMO_PASSWORD);
    expect(await sessionOf(t, enrolled.headers)).toMatchObject({ isAdmin: true, twoFactorEnrolmentRequired: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: enrolled.headers })).statusCode,
    ).toBe(200);

    // From now on the admin door asks for the code.
    const challenge = await startSignIn(t, 'admin@tradeops.demo', DEMO_PASSWORD, 'admin');
    const verified = await post(
      '/api/auth/two-factor/verify',
      { code: await currentTotp(enrolled.secret), door: 'admin' },
      challenge,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ isAdmin: true, twoFactorEnabled: true });

    // Turning it off puts the admin back behind the enrolment.
    const signedIn = sameOriginHeaders(cookieFrom(verified.headers['set-cookie']));
    const off = await post('/api/auth/two-factor/disable', { password: DEMO_PASSWORD }, signedIn);
    expect(off.json().user).toMatchObject({ isAdmin: false, twoFactorEnrolmentRequired: true });
  });

  it('requires it of ADMIN_EMAILS accounts too (once their password was set through the mailbox), and of nobody else', async () => {
    await signUpVerified(t, 'jefa@example.com');
    await resetPasswordThroughMailbox(t, 'jefa@example.com', PASSWORD);
    const headers = await signIn(t, 'jefa@example.com', PASSWORD);
    expect(await sessionOf(t, headers)).toMatchObject({ isAdmin: false, twoFactorEnrolmentRequired: true });
    // Enrolling replaces the session: the new one is still under the mailbox's password, and an admin.
    const enrolled = await enrolTwoFactor(t, headers, PASSWORD);
    expect(await sessionOf(t, enrolled.headers)).toMatchObject({ isAdmin: true, twoFactorEnrolmentRequired: false });
    const challenge = await startSignIn(t, 'jefa@example.com', PASSWORD, 'admin');
    const verified = await post(
      '/api/auth/two-factor/verify',
      { code: await currentTotp(enrolled.secret), door: 'admin' },
      challenge,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ isAdmin: true });
    const recovered = await post(
      '/api/auth/two-factor/verify',
      { code: enrolled.recoveryCodes[0], door: 'admin' },
      await startSignIn(t, 'jefa@example.com', PASSWORD, 'admin'),
    );
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(await sessionOf(t, sameOriginHeaders(cookieFrom(recovered.headers['set-cookie'])))).toMatchObject({
      isAdmin: true,
    });
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    expect(await sessionOf(t, buyer)).toMatchObject({ isAdmin: false, twoFactorEnrolmentRequired: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/buyer/dashboard', headers: buyer })).statusCode).toBe(200);
    // The user door signs an admin-to-be in too (its landing is the admin door's enrolment).
    await signUpVerified(t, 'otra-jefa@example.com');
    await resetPasswordThroughMailbox(t, 'otra-jefa@example.com', PASSWORD);
    const userDoor = await post('/api/auth/sign-in', { email: 'otra-jefa@example.com', password: PASSWORD });
    expect(userDoor.json().user).toMatchObject({ twoFactorEnrolmentRequired: true });
  });
});

describe('two-factor guesses sent at once', () => {
  let t: TestApp;
  let post: ReturnType<typeof postTo>;
  beforeAll(async () => {
    t = await createTestApp();
    post = postTo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    `checks at most ${RATE_LIMITS.twoFactorAccount.points} codes per account, whatever the challenges and addresses; the right code waits for the window too`,
    { timeout: 90_000 },
    async () => {
      const email = 'en-paralelo@example.com';
      const { secret } = await enrolTwoFactor(t, await signUpVerified(t, email), PASSWORD);
      const [account] = await t.db.select().from(user).where(eq(user.email, email));
      const guesses = 2 * RATE_LIMITS.twoFactorAccount.points;
      // The probe's shape (it sent 30): one password step per guess, so no challenge runs out of its own five tries.
      const challenges: Record<string, string>[] = [];
      for (let i = 0; i < guesses; i += 1) challenges.push(await startSignIn(t, email, PASSWORD));
      const code = await wrongTotp(secret);
      const answers = await Promise.all(
        challenges.map((challenge, i) =>
          post('/api/auth/two-factor/verify', { code }, { ...challenge, 'accept-language': 'en' }, `10.77.0.${i + 1}`),
        ),
      );
      const checked = answers.filter((answer) => answer.statusCode === 401);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(checked).toHaveLength(RATE_LIMITS.twoFactorAccount.points);
      expect(checked.every((answer) => answer.json().error.code === 'TWO_FACTOR_CODE_INVALID')).toBe(true);
      expect(refused).toHaveLength(guesses - RATE_LIMITS.twoFactorAccount.points);
      for (const answer of refused) {
        expect(answer.json().error).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many/),
        });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      const [stored] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, account!.id));
      expect(stored?.failedVerificationCount).toBe(RATE_LIMITS.twoFactorAccount.points);

      // Locked out: the right code, from a fresh challenge and a fresh address, is refused as well.
      const right = await post(
        '/api/auth/two-factor/verify',
        { code: await currentTotp(secret) },
        await startSignIn(t, email, PASSWORD),
        '10.78.0.1',
      );
      expect(right.statusCode).toBe(429);
      expect(right.json().error.code).toBe('RATE_LIMITED');

      // The window passes (both counters' fifteen minutes): the right code signs in.
      const past = new Date(Date.now() - 1000);
      await t.db
        .update(rateLimits)
        .set({ expire: past })
        .where(eq(rateLimits.key, `${RATE_LIMITS.twoFactorAccount.name}:${account!.id}`));
      await t.db.update(twoFactor).set({ lockedUntil: past }).where(eq(twoFactor.userId, account!.id));
      const later = await post(
        '/api/auth/two-factor/verify',
        { code: await currentTotp(secret) },
        await startSignIn(t, email, PASSWORD),
        '10.78.0.2',
      );
      expect(later.statusCode, later.body).toBe(200);
    },
  );
});
