import { z } from 'zod';

/**
 * The characters of a payment reference: digits and capitals without look-alikes. A reference is
 * read out over the phone and typed into a bank's form, so 0/O, 1/I/L and U/V never meet in one
 * (U also keeps accidental words out, as in Crockford's base32).
 */
export const PAYMENT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters a reader could mistake for another: none of them is ever in a reference's code. */
export const PAYMENT_REFERENCE_AMBIGUOUS = '01ILOU';
export const PAYMENT_REFERENCE_PREFIX = 'TO-';
/** 10 characters of 30: about 49 random bits; the database's unique constraint settles a collision. */
export const PAYMENT_REFERENCE_CODE_LENGTH = 10;

export const PAYMENT_REFERENCE_PATTERN = new RegExp(
  `^${PAYMENT_REFERENCE_PREFIX}[${PAYMENT_REFERENCE_ALPHABET}]{${PAYMENT_REFERENCE_CODE_LENGTH}}$`,
);

export const ZPaymentReference = z.string().regex(PAYMENT_REFERENCE_PATTERN);

/**
 * A reference from a source of random indexes (`randomIndex(n)` → an integer in [0, n), uniform):
 * the server passes node:crypto's randomInt, so every character is equally likely.
 */
export function buildPaymentReference(randomIndex: (size: number) => number): string {
  let code = '';
  for (let i = 0; i < PAYMENT_REFERENCE_CODE_LENGTH; i += 1) {
    code += PAYMENT_REFERENCE_ALPHABET[randomIndex(PAYMENT_REFERENCE_ALPHABET.length)];
  }
  return `${PAYMENT_REFERENCE_PREFIX}${code}`;
}

export function isPaymentReference(value: string): boolean {
  return PAYMENT_REFERENCE_PATTERN.test(value);
}
