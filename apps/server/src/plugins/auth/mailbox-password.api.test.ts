import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor, user } from '../../db/schema';
import {
  type TestApp,
  cookieFrom,
  createTestApp,
  resetPasswordThroughMailbox,
  resetTokensMailedTo,
  sameOriginHeaders,
  signIn,
  signUpConfirmed,
} from '../../test/test-app';
import { enrolTwoFactor } from '../../test/totp';
import { dropStaleTwoFactor, recordMailboxPassword, voidStaleMailboxPassword } from './mailbox-password';

const SIGN_UP_PASSWORD = 'Cafe-de-Origen-2025';
const OWNER_PASSWORD = 'Mi-Propia-Clave-2026';

describe('passwords set through the mailbox', () => {
  let t: TestApp;
  let counter = 0;

  /** A verified account (its address on ADMIN_EMAILS when `listed`): its id and e-mail. */
  async function verifiedAccount(listed = false) {
    counter += 1;
    const email = listed ? `lista${counter}@admins.example` : `cuenta${counter}@example.com`;
    return signUpConfirmed(t, { email, password: SIGN_UP_PASSWORD });
  }
  const stampOf = async (userId: string) =>
    (await t.db.select().from(user).where(eq(user.id, userId)))[0]!.passwordSetViaMailboxAt;
  const hasTwoFactor = async (userId: string) =>
    (await t.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).length > 0;

  beforeAll(async () => {
    const listed = Array.from({ length: 10 }, (_, i) => `lista${i + 1}@admins.example`).join(',');
    t = await createTestApp({ env: { ADMIN_EMAILS: listed } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("the first one on a listed address drops a two-factor enrolment made before it; later ones, and other addresses', keep it", async () => {
    const listed = await verifiedAccount(true);
    await enrolTwoFactor(t, await signIn(t, listed.email, SIGN_UP_PASSWORD), SIGN_UP_PASSWORD);
    await resetPasswordThroughMailbox(t, listed.email, OWNER_PASSWORD);
    expect(await hasTwoFactor(listed.userId)).toBe(false);
    expect(await stampOf(listed.userId)).toBeInstanceOf(Date);

    // The owner enrols their own authenticator; a later reset keeps it (a mailbox alone does not turn it off).
    await enrolTwoFactor(t, await signIn(t, listed.email, OWNER_PASSWORD), OWNER_PASSWORD);
    await resetPasswordThroughMailbox(t, listed.email, 'Otra-Clave-Nueva-2027');
    expect(await hasTwoFactor(listed.userId)).toBe(true);

    const ordinary = await verifiedAccount();
    await enrolTwoFactor(t, await signIn(t, ordinary.email, SIGN_UP_PASSWORD), SIGN_UP_PASSWORD);
    await resetPasswordThroughMailbox(t, ordinary.email, OWNER_PASSWORD);
    expect(await hasTwoFactor(ordinary.userId)).toBe(true);
  });

  it('is not recorded when the stored password is no longer the one the link set (a change won the race)', async () => {
    const { userId } = await verifiedAccount(true);
    expect(await recordMailboxPassword(t.db, { userId, hash: 'not-the-stored-hash', isListedAdmin: true })).toBe(false);
    expect(await stampOf(userId)).toBeNull();
  });

  it('a change or an enrolment from a session opened before the current one is void; from a session under it, kept', async () => {
    const { email, userId } = await verifiedAccount(true);
    await resetPasswordThroughMailbox(t, email, OWNER_PASSWORD);
    const stamp = await stampOf(userId);
    await voidStaleMailboxPassword(t.db, userId, stamp);
    expect((await stampOf(userId))?.getTime()).toBe(stamp!.getTime());

    const { headers } = await enrolTwoFactor(t, await signIn(t, email, OWNER_PASSWORD), OWNER_PASSWORD);
    await dropStaleTwoFactor(t.db, userId, stamp);
    expect(await hasTwoFactor(userId)).toBe(true);
    await dropStaleTwoFactor(t.db, userId, null);
    expect(await hasTwoFactor(userId)).toBe(false);

    await voidStaleMailboxPassword(t.db, userId, null);
    expect(await stampOf(userId)).toBeNull();
    // Without a stamp every session counts again: the list grants nothing until the next reset.
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user).toMatchObject({
      isAdmin: false,
    });
  });

  it('a password change in settings keeps the session and the rights under the mailbox password', async () => {
    const { email, userId } = await verifiedAccount(true);
    await resetPasswordThroughMailbox(t, email, OWNER_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: await signIn(t, email, OWNER_PASSWORD),
      payload: { currentPassword: OWNER_PASSWORD, newPassword: 'Cambiada-En-Ajustes-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await stampOf(userId)).toBeInstanceOf(Date);
    const headers = sameOriginHeaders(cookieFrom(changed.headers['set-cookie']));
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user).toMatchObject({
      isAdmin: true,
    });
  });

  it('sign-ins with the old password sent while the reset runs leave no session that works', async () => {
    const { email, userId } = await verifiedAccount(true);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: sameOriginHeaders(),
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const [token] = await resetTokensMailedTo(t, email);
    // The reset and a burst of sign-ins with the sign-up's password, at once: some check the old
    // password before the reset commits and open their session after it.
    const signIn = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: sameOriginHeaders(),
        payload: { email, password: SIGN_UP_PASSWORD },
        remoteAddress: `10.91.0.${i + 1}`,
      });
    const [reset, ...signIns] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        headers: sameOriginHeaders(),
        payload: { token, newPassword: OWNER_PASSWORD },
      }),
      ...Array.from({ length: 12 }, (_, i) => signIn(i)),
    ]);
    expect(reset!.statusCode, reset!.body).toBe(200);
    for (const answer of signIns) {
      const headers = sameOriginHeaders(cookieFrom(answer.headers['set-cookie']));
      expect((await t.app.inject({ method: 'GET', url: '/api/session', headers })).json().user).toBeNull();
    }
    expect(await stampOf(userId)).toBeInstanceOf(Date);
  });
});
