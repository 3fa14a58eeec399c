import { PAYMENT_REFERENCE_AMBIGUOUS, PAYMENT_REFERENCE_PATTERN } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { generatePaymentReference } from './orders.service';

describe('generatePaymentReference', () => {
  it('draws references in the shared format, free of look-alikes, without repeats', () => {
    const references = Array.from({ length: 5000 }, generatePaymentReference);
    for (const reference of references) {
      expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
      expect([...reference.slice(3)].some((char) => PAYMENT_REFERENCE_AMBIGUOUS.includes(char))).toBe(false);
    }
    expect(new Set(references).size).toBe(references.length);
  });
});
