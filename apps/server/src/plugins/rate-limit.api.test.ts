import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, messages } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { type TestApp, cookieFrom, createTestApp, sameOriginHeaders, signIn } from '../test/test-app';
import { RATE_LIMITS } from './rate-limit';

const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Status → how many answers had it; every 429 must carry Retry-After and our error code. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) {
    counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
    if (answer.statusCode === 429) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().error.code).toBe('RATE_LIMITED');
    }
  }
  return counts;
}

/**
 * A fresh app for the describe block it is called in, so every limit counts from zero (`t`, once the
 * block's set-up built it), and `post`: a POST from one client address.
 */
function useFreshApp() {
  const fresh = {
    t: undefined as unknown as TestApp,
    post: (url: string, payload: object, remoteAddress: string, headers = sameOriginHeaders()) =>
      fresh.t.app.inject({ method: 'POST', url, payload, headers, remoteAddress }),
  };
  beforeAll(async () => {
    fresh.t = await createTestApp();
  });
  afterAll(async () => {
    await fresh.t.close();
  });
  return fresh;
}

/**
 * Every limit is taken before the work it guards, in one atomic statement per key, so a burst
 * of parallel requests stops exactly at the limit. These bursts prove it where it matters on
 * PostgreSQL (true parallel transactions, DATABASE_URL set); they hold on PGlite as well, whose
 * requests interleave at every await just the same.
 */
describe(`rate limits under concurrency (${driver})`, () => {
  const fresh = useFreshApp();
  const { post } = fresh;

  it(
    'checks exactly 10 of 40 parallel wrong passwords on one account from one address',
    { timeout: 120_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          post(
            '/api/auth/sign-in',
            { email: 'comprador@tradeops.demo', password: `Wrong-Guess-${index}` },
            '10.50.0.1',
          ),
        ),
      );
      expect(tally(answers)).toEqual({ 401: RATE_LIMITS.signInAccountAddress.points, 429: 30 });
    },
  );

  it(
    'checks exactly 50 of 120 parallel wrong passwords from one address across accounts',
    { timeout: 180_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          post('/api/auth/sign-in', { email: `nadie-${index}@example.com`, password: 'Wrong-Guess-1' }, '10.50.0.2'),
        ),
      );
      expect(tally(answers)).toEqual({
        401: RATE_LIMITS.signInAddress.points,
        429: 120 - RATE_LIMITS.signInAddress.points,
      });
    },
  );

  it('accepts exactly 10 of 30 parallel operation-room messages from one author', { timeout: 60_000 }, async () => {
    const seller = await signIn(fresh.t, 'vendedor@tradeops.demo');
    const operationId = demoOperationId(FEATURED_OPERATION_KEY);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        fresh.t.app.inject({
          method: 'POST',
          url: `/api/operations/${operationId}/messages`,
          headers: seller,
          payload: { body: `Mensaje en ráfaga ${index}` },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: RATE_LIMITS.operationRoomMessage.points, 429: 20 });
    const stored = await fresh.t.db.select().from(messages).where(eq(messages.operationId, operationId));
    expect(stored.filter((message) => message.body.startsWith('Mensaje en ráfaga'))).toHaveLength(
      RATE_LIMITS.operationRoomMessage.points,
    );
  });

  it('accepts exactly the limit of 20 parallel contact messages from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(
          '/api/contact',
          { name: 'Rafaga', email: 'rafaga@example.com', message: `Mensaje de contacto número ${index}` },
          '10.50.0.3',
        ),
      ),
    );
    expect(tally(answers)).toEqual({
      201: RATE_LIMITS.contactAddress.points,
      429: 20 - RATE_LIMITS.contactAddress.points,
    });
    const stored = await fresh.t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'rafaga@example.com'));
    expect(stored).toHaveLength(RATE_LIMITS.contactAddress.points);
  });

  it('mails exactly 5 reset links for 40 parallel requests on one account', { timeout: 60_000 }, async () => {
    const email = 'cooperativa.sul@tradeops.demo';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => post('/api/auth/password/forgot', { email }, `10.51.0.${index}`)),
    );
    expect(tally(answers)).toEqual({ 200: RATE_LIMITS.resetAccount.points, 429: 35 });
    expect(await fresh.t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(
      RATE_LIMITS.resetAccount.points,
    );
  });
});

const SIGN_UP_BODY = {
  fullName: 'Alta Masiva',
  email: 'alta@example.com',
  password: 'Cafe-de-Origen-2025',
  companyName: 'Altas S.A.',
  country: 'VE',
  companyType: 'trader',
};

describe('what each limit counts', () => {
  const { post } = useFreshApp();

  it('never counts a successful sign-in: 60 in a row from one address all pass', { timeout: 120_000 }, async () => {
    expect(60).toBeGreaterThan(RATE_LIMITS.signInAddress.points);
    for (let index = 0; index < 60; index += 1) {
      const response = await post(
        '/api/auth/sign-in',
        { email: 'comprador@tradeops.demo', password: DEMO_PASSWORD },
        '10.60.0.1',
      );
      expect(response.statusCode, `sign-in ${index}`).toBe(200);
    }
  });

  it('limits sign-ups per address', { timeout: 120_000 }, async () => {
    const address = '10.60.0.2';
    const signUp = (index: number) =>
      post('/api/auth/sign-up', { ...SIGN_UP_BODY, email: `alta-${index}@example.com` }, address);
    for (let index = 0; index < RATE_LIMITS.signUpAddress.points; index += 1) {
      expect((await signUp(index)).statusCode).toBe(201);
    }
    const refused = await signUp(RATE_LIMITS.signUpAddress.points);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect(
      (await post('/api/auth/sign-up', { ...SIGN_UP_BODY, email: 'otra-red@example.com' }, '10.60.0.3')).statusCode,
    ).toBe(201);
  });

  it('limits reset requests per address across accounts', async () => {
    const address = '10.60.0.4';
    for (let index = 0; index < RATE_LIMITS.resetAddress.points; index += 1) {
      expect(
        (await post('/api/auth/password/forgot', { email: `quien-${index}@example.com` }, address)).statusCode,
      ).toBe(200);
    }
    const refused = await post('/api/auth/password/forgot', { email: 'uno-mas@example.com' }, address, {
      ...sameOriginHeaders(),
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many attempts/);
  });

  it(
    'limits wrong current passwords in settings: 20 wrong, then even the right one waits',
    { timeout: 60_000 },
    async () => {
      const signUp = await post(
        '/api/auth/sign-up',
        { ...SIGN_UP_BODY, email: 'clave-robada@example.com' },
        '10.60.0.5',
      );
      expect(signUp.statusCode).toBe(201);
      const session = sameOriginHeaders(cookieFrom(signUp.headers['set-cookie']));
      const change = (currentPassword: string) =>
        post(
          '/api/auth/password/change',
          { currentPassword, newPassword: 'Nueva-Clave-Segura-7' },
          '10.60.0.5',
          session,
        );
      const statuses: number[] = [];
      for (let index = 0; index < 20; index += 1) statuses.push((await change(`Adivina-${index}-xyz`)).statusCode);
      const limit = RATE_LIMITS.passwordChangeAccount.points;
      expect(statuses).toEqual([...Array<number>(limit).fill(400), ...Array<number>(20 - limit).fill(429)]);
      const right = await change(SIGN_UP_BODY.password);
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    },
  );
});
