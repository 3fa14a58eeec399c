import { describe, expect, it } from 'vitest';
import { findPartialRefundProblems, parseRefundText } from './refunds';

describe('parseRefundText', () => {
  it('reads dollars with a point or a comma, 0 included when typed', () => {
    expect(parseRefundText('15000')).toEqual({ cents: 1_500_000 });
    expect(parseRefundText(' 1250,5 ')).toEqual({ cents: 125_050 });
    expect(parseRefundText('0')).toEqual({ cents: 0 });
    expect(parseRefundText('0.01')).toEqual({ cents: 1 });
  });

  it('never reads a blank as $0', () => {
    expect(parseRefundText('')).toEqual({ error: 'lifecycle.refundRequired' });
    expect(parseRefundText('   ')).toEqual({ error: 'lifecycle.refundRequired' });
  });

  it('refuses negatives, fractions of a cent, words and exponents', () => {
    for (const text of ['-1', '1.005', 'abc', '1e3', '1,000.50', 'Infinity', '.5'])
      expect(parseRefundText(text), text).toEqual({ error: 'lifecycle.refundInvalid' });
  });
});

describe('findPartialRefundProblems', () => {
  const holdings = [
    { id: 'a', heldCents: 5_200_000 },
    { id: 'b', heldCents: 7_800_000 },
    { id: 'paid-out', heldCents: 0 },
  ];

  it('accepts an amount for every order holding money, 0 included', () => {
    expect(findPartialRefundProblems(holdings, { a: 1_500_000, b: 0 })).toEqual([]);
    expect(findPartialRefundProblems(holdings, { a: 5_200_000, b: 7_800_000 })).toEqual([]);
  });

  it('names a missing amount, one above what the order holds, and an order that holds nothing or is not in the deal', () => {
    expect(findPartialRefundProblems(holdings, { a: 5_200_001, 'paid-out': 0, stranger: 1 })).toEqual([
      { kind: 'unknown', orderId: 'paid-out' },
      { kind: 'unknown', orderId: 'stranger' },
      { kind: 'exceeds', orderId: 'a' },
      { kind: 'missing', orderId: 'b' },
    ]);
  });
});
