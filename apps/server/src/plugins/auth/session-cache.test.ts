import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

const now = 1_800_000_000_000;
const entry = (userId: string, overrides: { expiresAt?: number; refreshDueAt?: number } = {}) => ({
  userId,
  value: { userId },
  expiresAt: overrides.expiresAt ?? now + 3_600_000,
  refreshDueAt: overrides.refreshDueAt ?? now + 3_600_000,
});

describe('the per-instance session cache', () => {
  it('serves a known cookie until its account is forgotten', () => {
    const cache = new SessionCache<{ userId: string }>();
    cache.set('cookie-a', entry('ana'), cache.tick);
    cache.set('cookie-b', entry('ana'), cache.tick);
    cache.set('cookie-c', entry('bruno'), cache.tick);
    expect(cache.get('cookie-a', now)).toEqual({ userId: 'ana' });

    cache.forgetUser('ana');
    expect(cache.get('cookie-a', now)).toBeUndefined();
    expect(cache.get('cookie-b', now)).toBeUndefined();
    expect(cache.get('cookie-c', now)).toEqual({ userId: 'bruno' });

    cache.clear();
    expect(cache.get('cookie-c', now)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its expiry or its sliding refresh, so Better Auth sees that request', () => {
    const cache = new SessionCache<{ userId: string }>();
    cache.set('expired', entry('ana', { expiresAt: now }), cache.tick);
    cache.set('refresh', entry('ana', { refreshDueAt: now - 1 }), cache.tick);
    expect(cache.get('expired', now)).toBeUndefined();
    expect(cache.get('refresh', now)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the answer of a lookup that an invalidation of its account, or of everyone, overtook', () => {
    const cache = new SessionCache<{ userId: string }>();
    let startedAt = cache.tick;
    cache.forgetUser('ana');
    cache.set('cookie-a', entry('ana'), startedAt);
    expect(cache.get('cookie-a', now)).toBeUndefined();
    // Another account's invalidation does not spoil it.
    startedAt = cache.tick;
    cache.forgetUser('bruno');
    cache.set('cookie-a', entry('ana'), startedAt);
    expect(cache.get('cookie-a', now)).toEqual({ userId: 'ana' });
    startedAt = cache.tick;
    cache.clear();
    cache.set('cookie-a', entry('ana'), startedAt);
    expect(cache.get('cookie-a', now)).toBeUndefined();
  });

  it('keeps entries no longer than its TTL', () => {
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(60_000);
  });
});
