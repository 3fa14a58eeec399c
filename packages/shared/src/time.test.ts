import { describe, expect, it } from 'vitest';
import { isoDateInDays, toIsoDate, todayIsoDate } from './time';

describe('calendar dates (YYYY-MM-DD, UTC)', () => {
  // 23:30 in Caracas on 31 January is already 1 February in UTC, the server's and the forms' clock.
  const lateInCaracas = new Date('2025-01-31T23:30:00-04:00');

  it('gives the UTC date of a moment and of today', () => {
    expect(toIsoDate(lateInCaracas)).toBe('2025-02-01');
    expect(todayIsoDate(lateInCaracas)).toBe('2025-02-01');
  });

  it('counts whole days forwards and backwards across month and year ends', () => {
    expect(isoDateInDays(28, lateInCaracas)).toBe('2025-03-01');
    expect(isoDateInDays(-32, lateInCaracas)).toBe('2024-12-31');
    expect(isoDateInDays(0, lateInCaracas)).toBe('2025-02-01');
  });
});
