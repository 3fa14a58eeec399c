import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, verification } from '../../db/schema';
import { type TestApp, cookieFrom, createTestApp, resetTokensMailedTo, sameOriginHeaders } from '../../test/test-app';

describe('reset tokens: hashed, single use, revoked by any password change or a newer token', () => {
  let t: TestApp;
  let accounts = 0;
  const post = (url: string, payload: object, headers = sameOriginHeaders()) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  /** A fresh account (its own address, so no test meets another's limits); answers e-mail and password. */
  async function signUpAccount(): Promise<{ email: string; password: string; headers: Record<string, string> }> {
    accounts += 1;
    const email = `reset-${accounts}@example.com`;
    const password = `Cafe-de-Origen-${accounts}-2025`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: sameOriginHeaders(),
      remoteAddress: `10.77.0.${accounts}`,
      payload: {
        fullName: 'Ana Reset',
        email,
        password,
        companyName: 'Reset S.A.',
        country: 'PE',
        companyType: 'trader',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { email, password, headers: sameOriginHeaders(cookieFrom(response.headers['set-cookie'])) };
  }

  async function issueToken(email: string): Promise<string> {
    const before = await resetTokensMailedTo(t, email);
    expect((await post('/api/auth/password/forgot', { email })).statusCode).toBe(200);
    const after = await resetTokensMailedTo(t, email);
    expect(after).toHaveLength(before.length + 1);
    return after.at(-1)!;
  }

  async function userIdOf(email: string): Promise<string> {
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  }

  const reset = (token: string, newPassword: string) => post('/api/auth/password/reset', { token, newPassword });

  function expectRefused(response: Awaited<ReturnType<typeof reset>>) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.token).toMatch(/no es válido o ya expiró/);
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an older token once the password was changed in settings', async () => {
    const account = await signUpAccount();
    const token = await issueToken(account.email);
    const changed = await post(
      '/api/auth/password/change',
      { currentPassword: account.password, newPassword: 'Otra-Clave-Segura-91' },
      account.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expectRefused(await reset(token, 'Clave-Del-Atacante-55'));
  });

  it('refuses an older token once a newer one was issued; the newer one works', async () => {
    const account = await signUpAccount();
    const older = await issueToken(account.email);
    const newer = await issueToken(account.email);
    expectRefused(await reset(older, 'Clave-Vieja-Enlace-12'));
    expect((await reset(newer, 'Clave-Nueva-Enlace-34')).statusCode).toBe(200);
  });

  it('refuses a token after a successful reset, and leaves the account no token at all', async () => {
    const account = await signUpAccount();
    const token = await issueToken(account.email);
    expect((await reset(token, 'Clave-Restablecida-56')).statusCode).toBe(200);
    expectRefused(await reset(token, 'Clave-Reusada-78'));
    expect(
      await t.db
        .select()
        .from(verification)
        .where(eq(verification.value, await userIdOf(account.email))),
    ).toEqual([]);
  });

  it('keeps no plain token in the database', async () => {
    const account = await signUpAccount();
    const token = await issueToken(account.email);
    const rows = await t.db.select().from(verification);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    // What the table holds is no token either: replaying it (with or without its kind) is refused.
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.value, await userIdOf(account.email)));
    expect(row).toBeDefined();
    for (const stored of [row!.identifier, row!.identifier.replace(/^reset-password:/, '')]) {
      expectRefused(await reset(stored, 'Clave-Desde-Hash-12'));
    }
    // The link's token still works.
    expect((await reset(token, 'Clave-Desde-Hash-90')).statusCode).toBe(200);
  });
});
