import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformSettings, profiles, session, user } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
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

const buyerEmail = 'comprador@tradeops.demo';
/** The announcement travels through LISTEN: a few milliseconds, polled until it lands. */
const SESSION_POLL = { timeout: 3_000, interval: 20 };

it('a profile change made elsewhere reaches the cached session', async () => {
  const headers = await signIn(t, buyerEmail);
  expect((await sessionUser(headers))?.kycStatus).toBe('approved');
  expect((await sessionUser(headers))?.kycStatus).toBe('approved');
  const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, buyerEmail));
  await t.db.update(profiles).set({ kycStatus: 'pending' }).where(eq(profiles.id, account!.id));
  try {
    await expect.poll(async () => (await sessionUser(headers))?.kycStatus, SESSION_POLL).toBe('pending');
  } finally {
    await t.db.update(profiles).set({ kycStatus: 'approved' }).where(eq(profiles.id, account!.id));
  }
  await expect.poll(async () => (await sessionUser(headers))?.kycStatus, SESSION_POLL).toBe('approved');
});

it('a session deleted elsewhere stops working at once, on a cached cookie too', async () => {
  const headers = await signIn(t, buyerEmail);
  const other = await signIn(t, buyerEmail);
  expect(await sessionUser(headers)).not.toBeNull();
  expect(await sessionUser(other)).not.toBeNull();
  const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, buyerEmail));
  await t.db.delete(session).where(eq(session.userId, account!.id));
  await expect
    .poll(async () => [await sessionUser(headers), await sessionUser(other)], SESSION_POLL)
    .toEqual([null, null]);
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
    await expect.poll(async () => (await sessionUser(headers))?.isAdmin, SESSION_POLL).toBe(true);
  } finally {
    if (before)
      await t.db.update(platformSettings).set({ value: before.value }).where(eq(platformSettings.key, 'admin_emails'));
    else await t.db.delete(platformSettings).where(eq(platformSettings.key, 'admin_emails'));
  }
  await expect.poll(async () => (await sessionUser(headers))?.isAdmin, SESSION_POLL).toBe(false);
});
