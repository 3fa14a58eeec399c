import { describe, expect, it } from 'vitest';
import { fundRetentionEndsAt } from './schemas';

describe('fundRetentionEndsAt', () => {
  // Steps are stored at noon UTC of the date the admin gives.
  const inspectedOn = new Date('2026-11-23T12:00:00.000Z');

  it('lets a 0-day retention settle from the start of the inspection day, not from noon', () => {
    const endsAt = fundRetentionEndsAt(inspectedOn, 0);
    expect(endsAt.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(endsAt.getTime()).toBeLessThanOrEqual(new Date('2026-11-23T08:30:00.000Z').getTime());
  });

  it('counts whole calendar days after the inspection date', () => {
    expect(fundRetentionEndsAt(inspectedOn, 30).toISOString()).toBe('2026-12-23T00:00:00.000Z');
    expect(fundRetentionEndsAt(inspectedOn, 1).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('reads the day in UTC whatever the hour stored', () => {
    expect(fundRetentionEndsAt(new Date('2026-02-28T23:59:59.000Z'), 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(fundRetentionEndsAt(new Date('2028-02-28T00:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
