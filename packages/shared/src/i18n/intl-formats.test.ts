import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters', () => {
  it('makes one formatter per locale and options, and formats as a new one would', () => {
    const options: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD', maximumFractionDigits: 0 };
    expect(numberFormat('es-419', options)).toBe(numberFormat('es-419', { ...options }));
    expect(numberFormat('es-419', options)).not.toBe(numberFormat('en-US', options));
    expect(numberFormat('en-US', options).format(107500)).toBe(new Intl.NumberFormat('en-US', options).format(107500));
    const day = new Date('2026-11-25T12:00:00Z');
    const dates: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
    expect(dateTimeFormat('es-419', dates)).toBe(dateTimeFormat('es-419', dates));
    expect(dateTimeFormat('es-419', dates).format(day)).toBe(new Intl.DateTimeFormat('es-419', dates).format(day));
  });
});
