import { describe, expect, it } from 'vitest';
import { ledgerTransferNature, summarizeLedger } from './ledger-summary';

const deposit = (buyer: string, cents: number) => ({
  kind: 'deposit' as const,
  entries: [
    { account: `buyer:${buyer}`, amountCents: -cents },
    { account: 'escrow:op', amountCents: cents },
  ],
});

const payout = (buyer: string, held: number, refund: number, fee: number) => ({
  kind: refund === held ? ('refund' as const) : ('release' as const),
  entries: [
    { account: 'escrow:op', amountCents: -held },
    ...(held - refund - fee > 0 ? [{ account: 'seller:s', amountCents: held - refund - fee }] : []),
    ...(fee > 0 ? [{ account: 'platform:revenue', amountCents: fee }] : []),
    ...(refund > 0 ? [{ account: `buyer:${buyer}`, amountCents: refund }] : []),
  ],
});

describe('ledgerTransferNature', () => {
  it('names a release that also refunds the buyer a partial refund, not a release', () => {
    const split = payout('a', 5_200_000, 1_500_000, 74_000);
    expect(ledgerTransferNature(split.kind, split.entries)).toBe('partial_refund');
    const release = payout('a', 5_200_000, 0, 104_000);
    expect(ledgerTransferNature(release.kind, release.entries)).toBe('release');
    const refund = payout('a', 5_200_000, 5_200_000, 0);
    expect(ledgerTransferNature(refund.kind, refund.entries)).toBe('refund');
    expect(ledgerTransferNature('deposit', deposit('a', 1).entries)).toBe('deposit');
  });
});

describe('summarizeLedger', () => {
  it('shows deposited, released, fee, refunded and held, which add up', () => {
    const transfers = [
      deposit('a', 5_200_000),
      deposit('b', 7_800_000),
      deposit('c', 1_000_000),
      payout('a', 5_200_000, 1_500_000, 74_000),
      payout('b', 7_800_000, 500_000, 146_000),
    ];
    const summary = summarizeLedger(transfers);
    expect(summary).toEqual({
      depositedCents: 14_000_000,
      releasedToSellerCents: 3_626_000 + 7_154_000,
      platformFeeCents: 220_000,
      refundedCents: 2_000_000,
      heldCents: 1_000_000,
    });
    expect(summary.releasedToSellerCents + summary.platformFeeCents + summary.refundedCents + summary.heldCents).toBe(
      summary.depositedCents,
    );
  });
});
