import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformSettings, profiles, session, user } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { type TestApp, createTestApp, resetPasswordThroughMailbox, signIn } from '../../test/test-app';

// The session cache in use: a change written straight to the database (as another instance, a
// job or psql would) reaches the next request once the database announces it, never later.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'true' } });
});
afterAll(async () => {
  await t.close();
});

async function sessionUser(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/session', headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: { kycStatus: string; isAdmin: boolean } | null }).user;
}

/** Polls until `check` holds: the announcement travels through LISTEN, a few milliseconds. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the change never reached the session');
}

const buyerEmail = 'comprador@tradeops.demo';

it('a profile change made elsewhere reaches the cached session', async () => {
  const headers = await signIn(t, buyerEmail);
  expect((await sessionUser(headers))?.kycStatus).toBe('aprobado');
  expect((await sessionUser(headers))?.kycStatus).toBe('aprobado');
  const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, buyerEmail));
  await t.db.update(profiles).set({ kycStatus: 'pendiente' }).where(eq(profiles.id, account!.id));
  try {
    await eventually(async () => (await sessionUser(headers))?.kycStatus === 'pendiente');
  } finally {
    await t.db.update(profiles).set({ kycStatus: 'aprobado' }).where(eq(profiles.id, account!.id));
  }
  await eventually(async () => (await sessionUser(headers))?.kycStatus === 'aprobado');
});

it('a session deleted elsewhere stops working at once, on a cached cookie too', async () => {
  const headers = await signIn(t, buyerEmail);
  const other = await signIn(t, buyerEmail);
  expect(await sessionUser(headers)).not.toBeNull();
  expect(await sessionUser(other)).not.toBeNull();
  const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, buyerEmail));
  await t.db.delete(session).where(eq(session.userId, account!.id));
  await eventually(async () => (await sessionUser(headers)) === null && (await sessionUser(other)) === null);
});

it('an admin e-mail added in the settings makes that account an admin', async () => {
  // A listed address grants rights once its password was set through the mailbox.
  await resetPasswordThroughMailbox(t, buyerEmail, DEMO_PASSWORD);
  const headers = await signIn(t, buyerEmail);
  expect((await sessionUser(headers))?.isAdmin).toBe(false);
  const [before] = await t.db.select().from(platformSettings).where(eq(platformSettings.key, 'admin_emails'));
  await t.db
    .insert(platformSettings)
    .values({ key: 'admin_emails', value: [buyerEmail] })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: [buyerEmail] } });
  try {
    await eventually(async () => (await sessionUser(headers))?.isAdmin === true);
  } finally {
    if (before)
      await t.db.update(platformSettings).set({ value: before.value }).where(eq(platformSettings.key, 'admin_emails'));
    else await t.db.delete(platformSettings).where(eq(platformSettings.key, 'admin_emails'));
  }
  await eventually(async () => (await sessionUser(headers))?.isAdmin === false);
});
