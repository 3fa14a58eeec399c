import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, onboardingStatus, profiles, session, user } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import {
  type TestApp,
  confirmEmail,
  cookieFrom,
  createTestApp,
  resetPasswordThroughMailbox,
  sameOriginHeaders,
  signIn,
} from '../../test/test-app';

const NEW_ACCOUNT = {
  fullName: '  Ana Torres ',
  email: 'Ana.Torres@example.com',
  password: 'Cafe-de-Origen-2025',
  companyName: 'Torres Trading S.A.',
  country: 'PE',
  companyType: 'trader',
  taxId: '20123456789',
};

describe('accounts API', () => {
  let t: TestApp;
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = sameOriginHeaders(),
    remoteAddress?: string,
  ) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  const getSession = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers })).json() as {
      user: Record<string, unknown> | null;
    };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'jefa@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('sign-up', () => {
    it('creates the user, a pending profile with its metadata, onboarding at step 1, and signs in', async () => {
      const response = await post('/api/auth/sign-up', NEW_ACCOUNT);
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        email: 'ana.torres@example.com',
        fullName: 'Ana Torres',
        role: null,
        kycStatus: 'pending',
        isAdmin: false,
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/tradeops\.session_token=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const { id } = response.json().user as { id: string };
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, id));
      expect(profile).toMatchObject({
        fullName: 'Ana Torres',
        companyName: 'Torres Trading S.A.',
        companyType: 'trader',
        country: 'PE',
        taxId: '20123456789',
        kycStatus: 'pending',
      });
      const [onboarding] = await t.db.select().from(onboardingStatus).where(eq(onboardingStatus.userId, id));
      expect(onboarding?.currentStep).toBe(1);
      const me = await getSession(sameOriginHeaders(cookieFrom(response.headers['set-cookie'])));
      expect(me.user?.id).toBe(id);
    });

    it('refuses an e-mail that is already registered, in any case', async () => {
      const response = await post('/api/auth/sign-up', { ...NEW_ACCOUNT, email: 'COMPRADOR@tradeops.demo' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Este correo ya está registrado. Por favor inicia sesión.',
      });
    });

    it('answers field errors with the spec messages', async () => {
      const response = await post('/api/auth/sign-up', { fullName: ' ', email: 'no-at', password: 'short' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        fullName: 'El nombre completo es requerido',
        email: 'Por favor ingresa un correo electrónico válido',
        password: 'La contraseña debe tener al menos 8 caracteres',
        companyName: 'El nombre de la empresa es requerido',
        country: 'El país es requerido',
        companyType: 'El tipo de empresa es requerido',
      });
    });

    it('refuses a common password with a translated reason', async () => {
      const response = await post(
        '/api/auth/sign-up',
        { ...NEW_ACCOUNT, email: 'common@example.com', password: 'password123' },
        { ...sameOriginHeaders(), 'accept-language': 'en' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.password).toBe(
        'This password is too common and easy to guess. Choose another one.',
      );
      expect(await t.db.select().from(user).where(eq(user.email, 'common@example.com'))).toHaveLength(0);
    });
  });

  describe('sign-in and sessions', () => {
    it('refuses wrong credentials with the spec message', async () => {
      const response = await post(
        '/api/auth/sign-in',
        { email: 'comprador@tradeops.demo', password: 'Wrong-Password-1' },
        sameOriginHeaders(),
        '10.0.0.1',
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Correo o contraseña inválidos',
      });
    });

    it('revokes the session on sign-out: the same cookie is a visitor right after', async () => {
      const headers = await signIn(t, 'comprador@tradeops.demo');
      expect((await getSession(headers)).user?.email).toBe('comprador@tradeops.demo');
      expect((await post('/api/auth/sign-out', {}, headers)).statusCode).toBe(200);
      expect((await getSession(headers)).user).toBeNull();
      const protectedCall = await t.app.inject({
        method: 'PUT',
        url: '/api/session/mode',
        headers,
        payload: { mode: 'source' },
      });
      expect(protectedCall.statusCode).toBe(401);
    });

    it('signs every device out with revoke-all', async () => {
      const laptop = await signIn(t, 'vendedor@tradeops.demo');
      const phone = await signIn(t, 'vendedor@tradeops.demo');
      expect((await post('/api/session/revoke-all', {}, laptop)).statusCode).toBe(200);
      expect((await getSession(phone)).user).toBeNull();
      expect((await getSession(laptop)).user).toBeNull();
    });

    it('slides the expiry: a session used after a day is extended', async () => {
      const headers = await signIn(t, 'vendedor@tradeops.demo');
      const token = decodeURIComponent(headers.cookie!.split('=')[1]!).split('.')[0]!;
      const soon = new Date(Date.now() + 2 * 24 * 3_600_000);
      await t.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
      const response = await t.app.inject({ method: 'GET', url: '/api/session', headers });
      expect(response.json().user).not.toBeNull();
      expect(String(response.headers['set-cookie'])).toMatch(/tradeops\.session_token=/);
      const [row] = await t.db.select().from(session).where(eq(session.token, token));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
    });

    it('stores the chosen mode as the role', async () => {
      const headers = await signIn(t, 'pendiente@tradeops.demo');
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/session/mode',
        headers,
        payload: { mode: 'supply' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.role).toBe('seller');
      expect((await getSession(headers)).user?.role).toBe('seller');
    });
  });

  describe('admin door', () => {
    it('signs a valid non-admin out again with "Acceso no autorizado"', async () => {
      const response = await post('/api/auth/admin/sign-in', {
        email: 'comprador@tradeops.demo',
        password: DEMO_PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Acceso no autorizado');
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('lets in is_admin profiles and verified ADMIN_EMAILS whose password was set through the mailbox', async () => {
      const response = await post('/api/auth/admin/sign-in', { email: 'admin@tradeops.demo', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.isAdmin).toBe(true);
      await post('/api/auth/sign-up', { ...NEW_ACCOUNT, email: 'jefa@example.com' });
      await confirmEmail(t, 'jefa@example.com');
      await resetPasswordThroughMailbox(t, 'jefa@example.com', NEW_ACCOUNT.password);
      const listed = await post('/api/auth/admin/sign-in', {
        email: 'jefa@example.com',
        password: NEW_ACCOUNT.password,
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().user.isAdmin).toBe(true);
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-site POST, and one with no Origin at all', async () => {
      const headers = await signIn(t, 'comprador@tradeops.demo');
      for (const extra of [{ origin: 'https://evil.example' }, { origin: '' }, { 'sec-fetch-site': 'cross-site' }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/session/revoke-all',
          headers: { cookie: headers.cookie!, ...extra },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('CSRF_REJECTED');
      }
      expect((await getSession(headers)).user).not.toBeNull();
    });

    it('accepts a same-origin request marked by Sec-Fetch-Site', async () => {
      const headers = await signIn(t, 'comprador@tradeops.demo');
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/session/mode',
        headers: { cookie: headers.cookie!, 'sec-fetch-site': 'same-origin' },
        payload: { mode: 'source' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    it(
      'locks an account for the address that failed, even with the right password, with Retry-After; the owner elsewhere still signs in',
      { timeout: 60_000 },
      async () => {
        const email = 'importadora.andina@tradeops.demo';
        const attacker = '10.1.0.1';
        for (let attempt = 0; attempt < RATE_LIMITS.signInAccountAddress.points; attempt += 1) {
          const response = await post(
            '/api/auth/sign-in',
            { email, password: `Wrong-${attempt}-xyz` },
            sameOriginHeaders(),
            attacker,
          );
          expect(response.statusCode).toBe(401);
        }
        const locked = await post(
          '/api/auth/sign-in',
          { email, password: DEMO_PASSWORD },
          sameOriginHeaders(),
          attacker,
        );
        expect(locked.statusCode).toBe(429);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
        expect(locked.json().error.message).toMatch(/^Demasiados intentos\. Espera \d+ segundos/);
        // The attacker's failures are theirs: the owner, at another address, is not locked out.
        const owner = await post(
          '/api/auth/sign-in',
          { email, password: DEMO_PASSWORD },
          sameOriginHeaders(),
          '10.1.1.1',
        );
        expect(owner.statusCode).toBe(200);
      },
    );

    it('limits failures per IP across accounts', { timeout: 120_000 }, async () => {
      const ip = '10.2.0.1';
      for (let attempt = 0; attempt < RATE_LIMITS.signInAddress.points; attempt += 1) {
        await post(
          '/api/auth/sign-in',
          { email: `nobody${attempt}@example.com`, password: 'Wrong-Password-1' },
          sameOriginHeaders(),
          ip,
        );
      }
      const response = await post(
        '/api/auth/sign-in',
        { email: 'comprador@tradeops.demo', password: DEMO_PASSWORD },
        sameOriginHeaders(),
        ip,
      );
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      const other = await post(
        '/api/auth/sign-in',
        { email: 'comprador@tradeops.demo', password: DEMO_PASSWORD },
        sameOriginHeaders(),
        '10.2.0.2',
      );
      expect(other.statusCode).toBe(200);
    });

    it('limits reset requests per account', async () => {
      const email = 'exportadora.pampa@tradeops.demo';
      for (let attempt = 0; attempt < RATE_LIMITS.resetAccount.points; attempt += 1) {
        expect(
          (await post('/api/auth/password/forgot', { email }, sameOriginHeaders(), `10.3.0.${attempt}`)).statusCode,
        ).toBe(200);
      }
      const response = await post('/api/auth/password/forgot', { email }, sameOriginHeaders(), '10.3.1.1');
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
    });
  });

  describe('passwords', () => {
    it('resets a password through the e-mailed link and revokes the old sessions', async () => {
      const email = 'cooperativa.sul@tradeops.demo';
      const oldSession = await signIn(t, email);
      expect((await post('/api/auth/password/forgot', { email })).statusCode).toBe(200);
      const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)?.[1];
      expect(token).toBeDefined();
      const admin = await signIn(t, 'admin@tradeops.demo');
      const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin });
      expect(outbox.json().items.some((row: { to: string }) => row.to === email)).toBe(true);

      const common = await post('/api/auth/password/reset', { token, newPassword: 'qwertyuiop' });
      expect(common.statusCode).toBe(400);
      expect((await post('/api/auth/password/reset', { token, newPassword: 'Nueva-Clave-Sul-77' })).statusCode).toBe(
        200,
      );
      expect((await getSession(oldSession)).user).toBeNull();
      await signIn(t, email, 'Nueva-Clave-Sul-77');
      const reused = await post('/api/auth/password/reset', { token, newPassword: 'Otra-Clave-Sul-88' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.fields.token).toMatch(/no es válido o ya expiró/);
    });

    it('answers a reset request for an unknown e-mail the same way and queues nothing', async () => {
      const response = await post('/api/auth/password/forgot', { email: 'ghost@example.com' });
      expect(response.statusCode).toBe(200);
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ghost@example.com'))).toHaveLength(0);
    });

    it('changes the password in settings and signs the other devices out', async () => {
      const email = 'ana.torres@example.com';
      const here = await signIn(t, email, NEW_ACCOUNT.password);
      const there = await signIn(t, email, NEW_ACCOUNT.password);
      const wrong = await post(
        '/api/auth/password/change',
        { currentPassword: 'not-it-123', newPassword: 'Otra-Clave-Segura-9' },
        here,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.currentPassword).toBe('La contraseña actual no es correcta');
      const done = await post(
        '/api/auth/password/change',
        { currentPassword: NEW_ACCOUNT.password, newPassword: 'Otra-Clave-Segura-9' },
        here,
      );
      expect(done.statusCode).toBe(200);
      expect((await getSession(there)).user).toBeNull();
      const stillHere = sameOriginHeaders(cookieFrom(done.headers['set-cookie']) || here.cookie);
      expect((await getSession(stillHere)).user?.email).toBe(email);
    });
  });
});
