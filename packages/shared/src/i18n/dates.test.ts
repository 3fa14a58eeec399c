import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDeadline, formatUtcOffset } from './dates';

describe('dates in the reader’s language', () => {
  it('writes a calendar date as people read it, the same day in every time zone', () => {
    expect(formatCalendarDate('2026-11-23', 'es')).toBe('23 nov 2026');
    expect(formatCalendarDate('2026-11-23', 'en')).toBe('Nov 23, 2026');
    expect(formatCalendarDate('2026-11-23T23:59:00.000Z', 'es')).toBe('23 nov 2026');
    expect(formatCalendarDate('not a date', 'es')).toBe('not a date');
  });

  it('writes a deadline in the reader’s zone and names the zone', () => {
    const moment = '2026-11-26T23:35:00.000Z';
    expect(formatDeadline(moment, 'es', 'America/Montevideo')).toBe('26 nov 2026, 8:35 p.m. (UTC−3)');
    expect(formatDeadline(moment, 'en', 'America/Montevideo')).toBe('Nov 26, 2026, 8:35 PM (UTC−3)');
    expect(formatDeadline(moment, 'es', 'America/Bogota')).toBe('26 nov 2026, 6:35 p.m. (UTC−5)');
    expect(formatDeadline(moment, 'en', 'UTC')).toBe('Nov 26, 2026, 11:35 PM (UTC)');
  });

  it('names offsets with minutes and the plus sign', () => {
    expect(formatUtcOffset(new Date('2026-11-26T00:00:00Z'), 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(formatUtcOffset(new Date('2026-11-26T00:00:00Z'), 'Europe/Madrid')).toBe('UTC+1');
  });
});
