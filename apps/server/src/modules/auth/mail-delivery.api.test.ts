import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { type TestApp, createTestApp, sameOriginHeaders } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on port 9 (discard): delivery fails and the outbox row says why.
  t = await createTestApp({
    env: { SMTP_URL: 'smtp://127.0.0.1:9', JOBS: 'on' },
    jobPollingIntervalSeconds: 0.5,
    mailRetry: { firstDelayMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
});

it('tries SMTP_URL after answering, records the failure on the outbox row and schedules the next try', async () => {
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
        return row
          ? {
              status: row.status,
              attempts: row.attempts,
              failed: /ECONNREFUSED|ESOCKET|ECONNECTION/.test(row.lastError ?? ''),
              sentAt: row.sentAt,
              // The next try about a minute later (the first delay), not at once.
              isRetryLater: row.nextAttemptAt.getTime() - Date.now() > 30_000,
            }
          : null;
      },
      { timeout: 15_000 },
    )
    .toEqual({ status: 'pending', attempts: 1, failed: true, sentAt: null, isRetryLater: true });
});
