import { REALTIME_MAX_STREAMS_PER_ACCOUNT, REALTIME_MAX_STREAMS_PER_SESSION } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, session } from '../../db/schema';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { type SseStream, eventData, openSseStream } from '../../test/sse-client';
import { type TestApp, cookieFrom, createTestApp, sameOriginHeaders } from '../../test/test-app';

const isPostgres = Boolean(process.env.DATABASE_URL);
/** "Within a few seconds": the announcement of the session change reaches the instance, which closes the stream. */
const CLOSE_WITHIN_MS = 3_000;

/** Resolves when the server has ended the stream, fails after `ms`. */
async function expectEndsWithin(stream: SseStream, ms = CLOSE_WITHIN_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the server still delivers to the stream: a notification for `userId` reaches it. */
async function expectStillLive(t: TestApp, stream: SseStream, userId: string): Promise<void> {
  const [row] = await t.db.insert(notifications).values({ userId, type: 'test.live', data: {} }).returning();
  await stream.waitFor((message) => message.event === 'message' && eventData(message).id === row!.id);
}

function closedReason(stream: SseStream): unknown {
  const closed = stream.messages.find((message) => message.event === 'closed');
  return closed ? (JSON.parse(closed.data) as { reason?: string }).reason : undefined;
}

let counter = 0;
const PASSWORD = 'Un-Buen-Secreto-2025';

/** A new account signed in twice (two sessions): its id and both cookies' headers. */
async function accountWithTwoSessions(t: TestApp) {
  counter += 1;
  const email = `streams${counter}-${Date.now()}@example.com`;
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: sameOriginHeaders(),
    payload: {
      fullName: 'Lucía Gómez',
      email,
      password: PASSWORD,
      companyName: 'Granos del Plata',
      country: 'AR',
      companyType: 'trader',
    },
  });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const signInAgain = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: sameOriginHeaders(),
    payload: { email, password: PASSWORD },
  });
  expect(signInAgain.statusCode, signInAgain.body).toBe(200);
  return {
    email,
    userId: (signUp.json() as { user: { id: string } }).user.id,
    first: sameOriginHeaders(cookieFrom(signUp.headers['set-cookie'])),
    second: sameOriginHeaders(cookieFrom(signInAgain.headers['set-cookie'])),
  };
}

describe('live streams: per-session cap and closing on session end', () => {
  let t: TestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  let buyers: ApprovedBuyer[];

  const open = async (headers: Record<string, string>) => {
    const stream = await openSseStream(baseUrl, '/api/events', { cookie: headers.cookie ?? '' });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((message) => message.event === 'ready');
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    buyers = await createApprovedBuyers(t, 4, 'streams');
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`keeps at most ${REALTIME_MAX_STREAMS_PER_SESSION} streams per session: the next one closes the oldest`, async () => {
    const buyer = buyers[0]!;
    const opened: SseStream[] = [];
    for (let i = 0; i < REALTIME_MAX_STREAMS_PER_SESSION; i += 1) opened.push(await open(buyer.headers));
    const newest = await open(buyer.headers);
    await expectEndsWithin(opened[0]!, 1_000);
    expect(closedReason(opened[0]!)).toBe('replaced');
    // The others, and the new one, still hear the user's events.
    for (const stream of [...opened.slice(1), newest]) await expectStillLive(t, stream, buyer.userId);
    // Another session is not counted with this one.
    await expectStillLive(t, await open(buyers[1]!.headers), buyers[1]!.userId);
  });

  it('closes a stream within a few seconds of its sign-out; other sessions keep theirs', async () => {
    const buyer = buyers[2]!;
    const other = buyers[3]!;
    const stream = await open(buyer.headers);
    const bystander = await open(other.headers);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: buyer.headers });
    expect(signOut.statusCode).toBe(200);
    await expectEndsWithin(stream);
    expect(closedReason(stream)).toBe('session_ended');
    await expectStillLive(t, bystander, other.userId);
    // Reconnecting with the revoked cookie is refused.
    const again = await openSseStream(baseUrl, '/api/events', { cookie: buyer.headers.cookie! });
    streams.push(again);
    expect(again.status).toBe(401);
  });

  it('closes every stream of the account on "sign out everywhere"', async () => {
    const account = await accountWithTwoSessions(t);
    const first = await open(account.first);
    const second = await open(account.second);
    const revoke = await t.app.inject({ method: 'POST', url: '/api/session/revoke-all', headers: account.first });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await Promise.all([expectEndsWithin(first), expectEndsWithin(second)]);
  });

  it('closes the streams of the revoked sessions on a password change; the new session streams on', async () => {
    const account = await accountWithTwoSessions(t);
    const first = await open(account.first);
    const second = await open(account.second);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: account.first,
      payload: { currentPassword: PASSWORD, newPassword: 'Otro-Secreto-Largo-2026' },
    });
    expect(change.statusCode, change.body).toBe(200);
    await Promise.all([expectEndsWithin(first), expectEndsWithin(second)]);
    const renewed = await open(sameOriginHeaders(cookieFrom(change.headers['set-cookie'])));
    await expectStillLive(t, renewed, account.userId);
  });

  it('closes a stream whose session row is deleted by another connection (another instance signing it out)', async () => {
    const account = await accountWithTwoSessions(t);
    const first = await open(account.first);
    const second = await open(account.second);
    const rows = await t.db.select().from(session).where(eq(session.userId, account.userId));
    expect(rows).toHaveLength(2);
    // Which row is which cookie does not matter: delete one, exactly one stream ends.
    if (isPostgres) {
      const client = new pg.Client({ connectionString: t.config.databaseUrl! });
      await client.connect();
      try {
        await client.query('delete from session where id = $1', [rows[0]!.id]);
      } finally {
        await client.end();
      }
    } else {
      await t.db.delete(session).where(eq(session.id, rows[0]!.id));
    }
    await Promise.race([first.ended, second.ended]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const endedCount = [first, second].filter((stream) => closedReason(stream) === 'session_ended').length;
    expect(endedCount).toBe(1);
  });

  it('closes a stream whose session expires', async () => {
    const buyer = buyers[1]!;
    const stream = await open(buyer.headers);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, buyer.userId));
    await expectEndsWithin(stream);
  });
});

describe('live streams: the per-instance cap', () => {
  let t: TestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    t = await createTestApp({ realtimeStreamLimits: { perInstance: 3 } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('refuses a stream beyond the cap with 503 and Retry-After, and takes one again when a stream closes', async () => {
    const buyers = await createApprovedBuyers(t, 4, 'cap');
    for (const buyer of buyers.slice(0, 3)) {
      const stream = await openSseStream(baseUrl, '/api/events', { cookie: buyer.headers.cookie! });
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.waitFor((message) => message.event === 'ready');
    }
    const refused = await openSseStream(baseUrl, '/api/events', { cookie: buyers[3]!.headers.cookie! });
    streams.push(refused);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await refused.ended;

    streams[0]!.close();
    await expect
      .poll(async () => {
        const retry = await openSseStream(baseUrl, '/api/events', { cookie: buyers[3]!.headers.cookie! });
        streams.push(retry);
        return retry.status;
      })
      .toBe(200);
  });
});

describe('live streams: one account or one address cannot hold the instance', () => {
  let t: TestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  const INSTANCE_CAP = REALTIME_MAX_STREAMS_PER_ACCOUNT + 2;
  const ADDRESS_CAP = 3;
  const open = async (headers: Record<string, string>, forwardedFor = '192.0.2.1') => {
    const stream = await openSseStream(baseUrl, '/api/events', {
      cookie: headers.cookie ?? '',
      'x-forwarded-for': forwardedFor,
    });
    streams.push(stream);
    if (stream.status === 200) await stream.waitFor((message) => message.event === 'ready');
    return stream;
  };
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '1' },
      realtimeStreamLimits: { perInstance: INSTANCE_CAP, perAddress: ADDRESS_CAP },
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`keeps at most ${REALTIME_MAX_STREAMS_PER_ACCOUNT} streams per account over its sessions (the oldest yield), so others still get one`, async () => {
    // The probe's shape: a fresh, unverified sign-up signed in several times, each session at its own cap.
    const account = await accountWithTwoSessions(t);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: sameOriginHeaders(),
      payload: { email: account.email, password: PASSWORD },
    });
    const sessions = [account.first, account.second, sameOriginHeaders(cookieFrom(third.headers['set-cookie']))];
    const opened: SseStream[] = [];
    for (const headers of sessions) {
      for (let i = 0; i < REALTIME_MAX_STREAMS_PER_SESSION; i += 1) {
        // Each from an address of its own: the account's cap is what binds, not the address's.
        const stream = await open(headers, `198.51.100.${opened.length + 1}`);
        expect(stream.status).toBe(200);
        opened.push(stream);
      }
    }
    const evicted = opened.slice(0, opened.length - REALTIME_MAX_STREAMS_PER_ACCOUNT);
    await Promise.all(evicted.map((stream) => expectEndsWithin(stream, 1_000)));
    expect(evicted.map(closedReason)).toEqual(evicted.map(() => 'replaced'));
    // The newest stream works; the account holds its cap and no more.
    await expectStillLive(t, opened.at(-1)!, account.userId);
    expect(opened.filter((stream) => closedReason(stream) === undefined)).toHaveLength(
      REALTIME_MAX_STREAMS_PER_ACCOUNT,
    );

    const [other] = await createApprovedBuyers(t, 1, 'other-account');
    const theirs = await open(other!.headers, '203.0.113.9');
    expect(theirs.status).toBe(200);
    await expectStillLive(t, theirs, other!.userId);
  });

  it('refuses a new stream from an address at its cap with 429 and Retry-After, closing nobody else’s', async () => {
    const buyers = await createApprovedBuyers(t, ADDRESS_CAP + 1, 'one-address');
    const office: SseStream[] = [];
    for (const buyer of buyers.slice(0, ADDRESS_CAP)) {
      const stream = await open(buyer.headers, '198.51.100.200');
      expect(stream.status).toBe(200);
      office.push(stream);
    }
    const last = buyers[ADDRESS_CAP]!;
    const refused = await open(last.headers, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // An IPv6 client's /64 counts as one address too.
    for (const [index, buyer] of buyers.slice(0, ADDRESS_CAP).entries()) {
      expect((await open(buyer.headers, `2001:db8:5:6::${index + 1}`)).status).toBe(200);
    }
    expect((await open(last.headers, '2001:db8:5:6:ffff::9')).status).toBe(429);
    // The same account from another address is welcome, and the office's streams still work.
    const elsewhere = await open(last.headers, '203.0.113.50');
    expect(elsewhere.status).toBe(200);
    for (const [index, stream] of office.entries()) await expectStillLive(t, stream, buyers[index]!.userId);
  });
});
