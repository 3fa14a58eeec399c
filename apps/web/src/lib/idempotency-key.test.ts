import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const V4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('gives a fresh v4 UUID each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(V4_UUID);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('builds one from random bytes outside a secure context (no crypto.randomUUID)', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(V4_UUID);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
