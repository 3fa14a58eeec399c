import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import { isSameToken } from './metrics';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers Prometheus text with request durations, job queues, outbox backlog and open streams', async () => {
    await t.app.inject({ method: 'GET', url: '/api/operations' });
    await t.app.inject({ method: 'GET', url: '/api/nope/at/all' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toMatch(
      /tradeops_http_request_duration_seconds_count\{method="GET",route="\/api\/operations",status="200"\} 1/,
    );
    // Unmatched paths share one label value.
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('/api/nope');
    expect(text).toMatch(/tradeops_job_queue_jobs\{queue="[\w.-]+",state="queued"\} \d+/);
    expect(text).toMatch(/^tradeops_email_outbox_unsent \d+$/m);
    expect(text).toMatch(/^tradeops_realtime_open_streams 0$/m);
    expect(text).toMatch(/^tradeops_webhook_deliveries_pending \d+$/m);
    // PGlite has no pool: the gauge is declared without values.
    expect(text).toContain('# TYPE tradeops_db_pool_connections gauge');
  });

  it('has the process: CPU, memory, file descriptors, heap, event-loop lag as a histogram', async () => {
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const lagSamples = (body: string) => Number(/^tradeops_event_loop_lag_seconds_count (\d+)$/m.exec(body)?.[1] ?? 0);
    // The lag histogram's first observations come with its sampling periods: polled until two are in.
    await expect.poll(async () => lagSamples(await scrape()), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    const text = await scrape();
    for (const family of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'process_open_fds',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_active_handles_total',
    ]) {
      expect(text).toMatch(new RegExp(`^${family} [\\d.e+-]+$`, 'm'));
    }
    expect(text).toContain('# TYPE tradeops_event_loop_lag_seconds histogram');
    expect(lagSamples(text)).toBeGreaterThanOrEqual(2);
  });

  it('counts unsent outbox mails', async () => {
    const read = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return Number(/^tradeops_email_outbox_unsent (\d+)$/m.exec(response.body)?.[1]);
    };
    const before = await read();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'comprador@tradeops.demo' },
    });
    expect(await read()).toBe(before + 1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist: JSON 404 whatever the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('isSameToken', () => {
  it('matches only the same token, whatever the lengths', () => {
    expect(isSameToken(TOKEN, TOKEN)).toBe(true);
    expect(isSameToken(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(isSameToken('', TOKEN)).toBe(false);
  });
});
