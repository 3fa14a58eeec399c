import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_REFERENCE_ALPHABET,
  PAYMENT_REFERENCE_AMBIGUOUS,
  PAYMENT_REFERENCE_CODE_LENGTH,
  buildPaymentReference,
  isPaymentReference,
} from './payment-reference';

/** Random indexes as a generator would draw them: any in-range value at each position. */
const arbIndexes = fc.array(fc.nat({ max: PAYMENT_REFERENCE_ALPHABET.length - 1 }), {
  minLength: PAYMENT_REFERENCE_CODE_LENGTH,
  maxLength: PAYMENT_REFERENCE_CODE_LENGTH,
});

function referenceFrom(indexes: number[]): string {
  let position = 0;
  return buildPaymentReference((size) => {
    expect(size).toBe(PAYMENT_REFERENCE_ALPHABET.length);
    return indexes[position++] ?? 0;
  });
}

describe('payment reference', () => {
  it('has no look-alike characters in its alphabet, each character once', () => {
    for (const char of PAYMENT_REFERENCE_AMBIGUOUS) expect(PAYMENT_REFERENCE_ALPHABET).not.toContain(char);
    expect(new Set(PAYMENT_REFERENCE_ALPHABET).size).toBe(PAYMENT_REFERENCE_ALPHABET.length);
    expect(PAYMENT_REFERENCE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
  });

  it('is "TO-" and 10 characters of the alphabet, never an ambiguous one, whatever is drawn', () => {
    fc.assert(
      fc.property(arbIndexes, (indexes) => {
        const reference = referenceFrom(indexes);
        expect(reference).toHaveLength(3 + PAYMENT_REFERENCE_CODE_LENGTH);
        expect(reference.startsWith('TO-')).toBe(true);
        expect(isPaymentReference(reference)).toBe(true);
        const code = reference.slice(3);
        for (const char of code) {
          expect(PAYMENT_REFERENCE_ALPHABET).toContain(char);
          expect(PAYMENT_REFERENCE_AMBIGUOUS).not.toContain(char);
        }
      }),
    );
  });

  it('maps different draws to different references (uniqueness rests on the draw alone)', () => {
    fc.assert(
      fc.property(arbIndexes, arbIndexes, (a, b) => {
        fc.pre(a.join() !== b.join());
        expect(referenceFrom(a)).not.toBe(referenceFrom(b));
      }),
    );
  });

  it('refuses the look-alike references of the old alphabet', () => {
    expect(isPaymentReference('TO-PBV00ZAYM4')).toBe(false);
    expect(isPaymentReference('TO-7K2M9QXD4I')).toBe(false);
    expect(isPaymentReference('TO-7K2M9QXD4')).toBe(false);
    expect(isPaymentReference('TO-7K2M9QXD4R')).toBe(true);
  });
});
