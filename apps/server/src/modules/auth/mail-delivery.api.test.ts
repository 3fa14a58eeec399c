import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { type TestApp, createTestApp, sameOriginHeaders } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on port 9 (discard): delivery fails and the outbox row says why.
  t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
});
afterAll(async () => {
  await t.close();
});

it('tries SMTP_URL after answering and records the failure on the outbox row', async () => {
  const email = 'comprador@tradeops.demo';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    headers: sameOriginHeaders(),
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  await expect
    .poll(
      async () => {
        const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
        return row ? { attempts: row.attempts, failed: Boolean(row.lastError), sentAt: row.sentAt } : null;
      },
      { timeout: 15_000 },
    )
    .toEqual({ attempts: 1, failed: true, sentAt: null });
});
