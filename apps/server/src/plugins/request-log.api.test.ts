import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { type TestApp, createTestApp, signIn } from '../test/test-app';

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  durationMs?: number;
  userId?: string | null;
  clientAddress?: string;
  [key: string]: unknown;
}

describe('request log lines', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  const requestLines = () => lines.filter((line) => line.msg === 'request completed');

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', METRICS_TOKEN: 'metrics-token-0123456789' },
      logStream: { write: (message: string) => void lines.push(JSON.parse(message) as LogLine) },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes exactly one line per request: method, route, status, duration and request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/blog?search=secret-words',
      headers: { 'x-request-id': 'log-me-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        reqId: 'log-me-1',
        method: 'GET',
        route: '/api/blog',
        status: 200,
        durationMs: expect.any(Number),
        userId: null,
      }),
    ]);
    // Fastify's own "incoming request" / "request completed" pair is off; no query value is logged.
    expect(lines.filter((line) => line.reqId === 'log-me-1')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret-words');
  });

  it('names the signed-in user and logs a not-found request without a route', async () => {
    const account = DEMO_ACCOUNTS.find((demo) => demo.bannerRole?.startsWith('buyer'))!;
    const headers = await signIn(t, account.email);
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/session', headers });
    await t.app.inject({ method: 'GET', url: '/api/nope' });
    const [session, notFound] = requestLines();
    expect(requestLines()).toHaveLength(2);
    expect(session).toMatchObject({ route: '/api/session', status: 200, userId: expect.any(String) });
    expect(notFound).toMatchObject({ route: null, url: '/api/nope', status: 404, userId: null });
  });

  it('logs the client address, ignoring X-Forwarded-For when no proxy is trusted', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/blog',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(requestLines()).toEqual([expect.objectContaining({ route: '/api/blog', clientAddress: '198.51.100.7' })]);
  });

  it('logs nothing for health probes and /metrics', async () => {
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(metrics.statusCode).toBe(200);
    expect(requestLines()).toEqual([]);
  });
});

describe('request log lines behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '1' },
      logStream: { write: (message: string) => void lines.push(JSON.parse(message) as LogLine) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs the address the proxy reports, not the proxy', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/blog',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '192.0.2.1, 203.0.113.9' },
    });
    const line = lines.find((candidate) => candidate.msg === 'request completed');
    // One trusted hop: the address the proxy itself saw (the last one), not what the client wrote before it.
    expect(line).toMatchObject({ route: '/api/blog', clientAddress: '203.0.113.9' });
  });
});
