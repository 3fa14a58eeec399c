import { describe, expect, it } from 'vitest';
import { KYC_REVIEW_PAGE_LIMIT, ZKycReviewUsersQuery } from '../kyc/schemas';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, ZPageQuery, decodeCursor, encodeCursor } from './page';

describe('page cursors', () => {
  it('round-trips a key, base64url without padding, microseconds kept', () => {
    const key = { at: '2026-11-26T12:00:00.123456Z', id: '6a1d7a52-3b0e-4a5c-8f4e-1c2d3e4f5a01' };
    for (const id of [key.id, 'a', 'ab', 'abc', '0123456789abcdef0123456789abcdef']) {
      const cursor = encodeCursor({ ...key, id });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toEqual({ ...key, id });
    }
    // The RFC 4648 §5 form (what Node's base64url gives for the same JSON).
    expect(encodeCursor({ at: key.at, id: 'abc' })).toBe('WyIyMDI2LTExLTI2VDEyOjAwOjAwLjEyMzQ1NloiLCJhYmMiXQ');
  });

  it('refuses what it did not make', () => {
    for (const cursor of ['', 'not a cursor', 'bm90LWpzb24', 'A', 'WyJ5ZXN0ZXJkYXkiLCJ4Il0']) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
    expect(ZPageQuery.safeParse({ cursor: 'bm90LWpzb24' }).success).toBe(false);
    expect(ZPageQuery.parse({})).toEqual({ limit: 50 });
    expect(ZPageQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('page queries', () => {
  it('take the list’s own default page size, and any limit up to the maximum', () => {
    expect(ZPageQuery.parse({}).limit).toBe(PAGE_LIMIT_DEFAULT);
    expect(ZKycReviewUsersQuery.parse({}).limit).toBe(KYC_REVIEW_PAGE_LIMIT);
    expect(KYC_REVIEW_PAGE_LIMIT).toBeLessThan(PAGE_LIMIT_DEFAULT);
    expect(ZKycReviewUsersQuery.parse({ limit: '100' }).limit).toBe(PAGE_LIMIT_MAX);
    expect(ZKycReviewUsersQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
