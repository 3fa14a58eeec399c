import { type PayoutPreview } from '@tradeops/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers, platformSettings } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { type TestApp, signIn, createTestAppAsAdmin } from '../../test/test-app';

/*
 * Issue 23, items 1 and 2: every back-office dialog that moves escrow shows, order by order, what
 * the transfer will book (out of escrow, refund, platform fee, net to the seller), computed by the
 * function that books it. Each test reads the preview the dialog shows, performs the action with
 * the preview's digest, and compares the preview's lines with the ledger rows the action wrote.
 */

interface BookedRow {
  escrow: number;
  seller: number;
  platform: number;
  buyer: number;
  entries: number;
}

describe('payout previews: the dialog’s lines are the ledger’s rows', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
  afterAll(async () => t?.close());

  const post = (url: string, payload?: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/operations/${url}`, headers, ...(payload ? { payload } : {}) });
  const preview = (operationId: string, body: object) => post(`${operationId}/payout-preview`, body);

  /** What each order's payout transfer booked, by account kind (a 0 is an entry the ledger did not write). */
  async function bookedPayouts(orderIds: string[]): Promise<Map<string, BookedRow>> {
    const rows = await t.db
      .select({
        orderId: ledgerTransfers.orderId,
        account: ledgerEntries.account,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .where(and(inArray(ledgerTransfers.orderId, orderIds), inArray(ledgerTransfers.kind, ['release', 'refund'])));
    const booked = new Map<string, BookedRow>();
    for (const row of rows) {
      const line = booked.get(row.orderId!) ?? { escrow: 0, seller: 0, platform: 0, buyer: 0, entries: 0 };
      const kind = row.account.split(':')[0] as 'escrow' | 'seller' | 'platform' | 'buyer';
      line[kind] += row.amountCents;
      line.entries += 1;
      booked.set(row.orderId!, line);
    }
    return booked;
  }

  /** The preview's lines against the rows booked: escrow out, net to the seller, the fee, the refund; nothing else. */
  async function expectBookedAsPreviewed(shown: PayoutPreview) {
    const booked = await bookedPayouts(shown.lines.map((line) => line.orderId));
    expect(booked.size).toBe(shown.lines.length);
    for (const line of shown.lines) {
      const row = booked.get(line.orderId)!;
      expect(row, line.buyerCompany).toMatchObject({
        // What leaves escrow: the held amount less the holdback it keeps (a settlement's first tranche).
        escrow: -(line.heldCents - line.holdbackCents),
        seller: line.netCents,
        platform: line.feeCents,
        buyer: line.refundCents,
      });
      expect(row.entries).toBe(1 + [line.netCents, line.feeCents, line.refundCents].filter((c) => c > 0).length);
      expect(line.grossCents).toBe(line.netCents + line.feeCents);
    }
  }

  async function payoutTransferCount(operationId: string): Promise<number> {
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.operationId, operationId), inArray(ledgerTransfers.kind, ['release', 'refund'])));
    return row!.count;
  }

  async function inspected(key: string, result: 'passed' | 'failed') {
    const orders = await fillOperation(t, key);
    const operationId = demoOperationId(key);
    await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(5) });
    await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(4) }, BILL);
    await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(3) });
    await recordStep(t, admin, operationId, 'inspection', { occurredAt: daysAgo(2), result }, BILL);
    return { operationId, orders };
  }

  const setSetting = (key: string, value: number) =>
    t.db.update(platformSettings).set({ value }).where(eq(platformSettings.key, key));

  it('settles exactly the preview: gross out of escrow, the 2 % fee, the net to the seller; a changed fee is refused', async () => {
    const { operationId, orders } = await inspected('beef-cuts', 'passed');

    // The preview runs the action's checks: the 30-day retention has not ended yet.
    const early = await preview(operationId, { action: 'settle' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('RETENTION_NOT_ENDED');
    await setSetting('fund_retention_days', 0);

    const shown = await preview(operationId, { action: 'settle' });
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json() as PayoutPreview;
    expect(body).toMatchObject({ action: 'settle', feeBps: 200, sellerCompany: 'Comercializadora Rioplatense S.A.' });
    expect(body.lines.map((line) => line.orderId).sort()).toEqual([...orders].sort());
    for (const line of body.lines) {
      expect(line.refundCents).toBe(0);
      // The first tranche: 90 % of what the order holds (the default setting), the rest held back.
      expect(line.grossCents).toBe(Math.floor((line.heldCents * 9_000) / 10_000));
      expect(line.holdbackCents).toBe(line.heldCents - line.grossCents);
      expect(line.feeCents).toBe(Math.floor((line.grossCents * 200) / 10_000));
      expect(line.netCents).toBe(line.grossCents - line.feeCents);
    }
    expect(body.totals.netCents + body.totals.feeCents + body.totals.holdbackCents).toBe(body.totals.heldCents);
    // A preview writes nothing.
    expect(await payoutTransferCount(operationId)).toBe(0);

    // The fee changes after the dialog opened: the settlement the admin confirmed is not the one it would book.
    await setSetting('platform_fee_bps', 250);
    const stale = await post(`${operationId}/settle`, { previewDigest: body.digest });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'PAYOUT_CHANGED',
      message: 'Las cifras cambiaron: revísalas y confirma otra vez.',
    });
    expect(await payoutTransferCount(operationId)).toBe(0);

    const fresh = (await preview(operationId, { action: 'settle' })).json() as PayoutPreview;
    expect(fresh.feeBps).toBe(250);
    expect(fresh.digest).not.toBe(body.digest);
    const settled = await post(`${operationId}/settle`, { previewDigest: fresh.digest });
    expect(settled.statusCode, settled.body).toBe(200);
    await expectBookedAsPreviewed(fresh);
    await setSetting('platform_fee_bps', 200);
  });

  it('decides a dispute only with an outcome and every amount typed, and books exactly the preview’s refunds, fee and net', async () => {
    const { operationId, orders } = await inspected('refined-sugar', 'failed');
    const [first, second] = orders as [string, string];

    // No outcome is assumed.
    const noDecision = await preview(operationId, { action: 'dispute' });
    expect(noDecision.statusCode).toBe(400);
    expect(noDecision.json().error.fields.decision).toBe('Elige una decisión.');
    const noDecisionAction = await post(`${operationId}/dispute/decision`, { reason: 'Humedad' });
    expect(noDecisionAction.json().error.fields.decision).toBe('Elige una decisión.');
    // A partial refund without an amount for one buyer is refused: a blank is not $0.
    const missing = await preview(operationId, { action: 'dispute', decision: 'partial', refunds: { [first]: 0 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('REFUND_MISSING');
    const english = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/payout-preview`,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { action: 'dispute', decision: 'partial', refunds: { [first]: 0 } },
    });
    expect(english.json().error.message).toBe('The amount for Importadora Andina C.A. is missing (0 for no refund).');
    const tooMuch = await preview(operationId, {
      action: 'dispute',
      decision: 'partial',
      refunds: { [first]: 0, [second]: Number.MAX_SAFE_INTEGER },
    });
    expect(tooMuch.json().error.code).toBe('REFUND_EXCEEDS_HELD');
    expect(await payoutTransferCount(operationId)).toBe(0);

    const outcome = { decision: 'partial', refunds: { [first]: 1_500_000, [second]: 500_000 } };
    const shown = await preview(operationId, { action: 'dispute', ...outcome });
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json() as PayoutPreview;
    expect(body.decision).toBe('partial');
    expect(new Map(body.lines.map((line) => [line.orderId, line.refundCents]))).toEqual(
      new Map([
        [first, 1_500_000],
        [second, 500_000],
      ]),
    );
    for (const line of body.lines) {
      // The refund bears no fee; the rest pays it.
      expect(line.grossCents).toBe(line.heldCents - line.refundCents);
      expect(line.feeCents).toBe(Math.floor((line.grossCents * 200) / 10_000));
    }

    const decided = await post(`${operationId}/dispute/decision`, {
      ...outcome,
      reason: 'Humedad fuera de norma en parte de la carga',
      previewDigest: body.digest,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await expectBookedAsPreviewed(body);
  });

  it('cancels with exactly the previewed refunds: everything held back to each buyer, no fee', async () => {
    const orders = await fillOperation(t, 'cocoa-liquor');
    const operationId = demoOperationId('cocoa-liquor');
    const shown = await preview(operationId, { action: 'cancel' });
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json() as PayoutPreview;
    expect(body.lines.map((line) => line.orderId).sort()).toEqual([...orders].sort());
    for (const line of body.lines) {
      expect(line).toMatchObject({ refundCents: line.heldCents, grossCents: 0, feeCents: 0, netCents: 0 });
    }
    const cancelled = await post(`${operationId}/cancel`, {
      reason: 'El vendedor no puede embarcar',
      previewDigest: body.digest,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectBookedAsPreviewed(body);
  });

  it('answers only admins, and refuses a malformed digest', async () => {
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    const operationId = demoOperationId('mandarins');
    expect((await post(`${operationId}/payout-preview`, { action: 'cancel' }, buyer)).statusCode).toBe(403);
    const malformed = await post(`${operationId}/cancel`, { reason: 'x', previewDigest: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('previewDigest');
  });
});
