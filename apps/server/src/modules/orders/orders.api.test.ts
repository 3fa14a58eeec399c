import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TERMS_VERSION } from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_PATTERN } from '@tradeops/shared';
import { auditLog, emailOutbox, ledgerTransfers, notifications, orders, operations, profiles } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, requestOrder, testTradeTerms } from '../../test/deals';
import { GIF_BYTES, HTML_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { readAllPages } from '../../test/pages';

function multipart(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----tradeops${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('orders API', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signIn(t, 'comprador@tradeops.demo');
    admin = await signIn(t, 'admin@tradeops.demo');
  });
  afterAll(async () => t.close());

  /** An order of 10 t unless `body` says otherwise: the answer. */
  const postOrder = (
    headers: Record<string, string>,
    operationId: string,
    body: Partial<{ volume: unknown; paymentMethod: unknown; idempotencyKey: unknown; termsVersion: unknown }>,
  ) => requestOrder(t.app, headers, operationId, { volume: 10, ...body });

  async function uploadProof(headers: Record<string, string>, id: string, fileName: string, bytes: Buffer) {
    const form = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/proof`,
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
  }

  /**
   * A signed-in, KYC-approved buyer of the case's own and an active operation shaped like the demo's sugar
   * ($620/t, 10 t minimum in lots of 5, 25 t per buyer): no case depends on what another left behind.
   */
  async function ownDeal(prefix: string) {
    const [owner] = await createApprovedBuyers(t, 1, prefix);
    const operation = await createOpenOperation(t.db, {
      totalTons: 100,
      minVolume: 10,
      maxPerParticipantTons: 25,
      pricePerTonCents: 62_000,
    });
    return { buyer: owner!.headers, userId: owner!.userId, id: operation.id };
  }

  async function operationRow(id: string) {
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    return row!;
  }

  it('places an order: 201, amount from price × tons, a reference, the hold, allocated tons up', async () => {
    const { buyer, userId, id: operationId } = await ownDeal('placed');
    const before = await operationRow(operationId);
    const response = await postOrder(buyer, operationId, { volume: 10, paymentMethod: 'cash' });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order).toMatchObject({
      operationId,
      volume: 10,
      amountCents: 10 * 62_000,
      paymentMethod: 'cash',
      paymentStatus: 'pending',
      status: 'active',
      hasProof: false,
      escrow: { state: 'none', heldCents: 0 },
    });
    expect(order.paymentReference).toMatch(PAYMENT_REFERENCE_PATTERN);
    const holdMs = new Date(order.expiresAt).getTime() - Date.now();
    expect(holdMs).toBeGreaterThan(71 * 3_600_000);
    expect(holdMs).toBeLessThanOrEqual(72 * 3_600_000);
    expect((await operationRow(operationId)).allocatedTons).toBe(before.allocatedTons + 10);

    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'order.created')));
    expect(notification?.data).toMatchObject({
      operationId: operationId,
      volume: 10,
      reference: order.paymentReference,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((row) => row.action)).toContain('order.created');
  });

  it('refuses an order without the current terms accepted (translated 400, nothing taken) and records the version', async () => {
    const { buyer, id: operationId } = await ownDeal('terms');
    const before = (await operationRow(operationId)).allocatedTons;
    const missing = await postOrder(buyer, operationId, { termsVersion: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.termsVersion).toBe(
      'Acepta los términos de servicio, la política de privacidad y el acuerdo de escrow para continuar.',
    );
    const stale = await postOrder(buyer, operationId, { termsVersion: '2025-01-01' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      message: `Para hacer tu pedido, acepta los términos vigentes (versión ${TERMS_VERSION}): términos de servicio, política de privacidad y acuerdo de escrow.`,
    });
    const staleEnglish = await postOrder({ ...buyer, 'accept-language': 'en' }, operationId, { termsVersion: '' });
    expect(staleEnglish.json().error.message).toMatch(/^To place your order, accept the current terms/);
    expect((await operationRow(operationId)).allocatedTons).toBe(before);

    const accepted = await postOrder(buyer, operationId, { volume: 10, termsVersion: TERMS_VERSION });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [row] = await t.db
      .select({ termsVersion: orders.termsVersion })
      .from(orders)
      .where(eq(orders.id, accepted.json().order.id));
    expect(row?.termsVersion).toBe(TERMS_VERSION);
  });

  it('replays the same idempotency key: 200, the same order, nothing new', async () => {
    const { buyer, id: operationId } = await ownDeal('replay');
    const key = randomUUID();
    const first = await postOrder(buyer, operationId, { volume: 10, idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const allocated = (await operationRow(operationId)).allocatedTons;
    const replay = await postOrder(buyer, operationId, { volume: 10, idempotencyKey: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.id).toBe(first.json().order.id);
    expect((await operationRow(operationId)).allocatedTons).toBe(allocated);
    const other = await postOrder(buyer, operationId, { volume: 15, idempotencyKey: key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('creates one order from simultaneous submits with the same key', async () => {
    const { buyer, id: operationId } = await ownDeal('same-key');
    const key = randomUUID();
    const before = (await operationRow(operationId)).allocatedTons;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(buyer, operationId, { volume: 10, idempotencyKey: key })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().order.id)).size).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect((await operationRow(operationId)).allocatedTons).toBe(before + 10);
  });

  it('refuses bad volumes with a clear translated error and changes nothing', async () => {
    const { buyer, id: operationId } = await ownDeal('bad-volume');
    const before = (await operationRow(operationId)).allocatedTons;
    const cases: [unknown, number, string, RegExp][] = [
      [12, 400, 'VOLUME_NOT_STEP', /^El volumen debe ir en incrementos de 5 toneladas$/],
      [5, 400, 'VOLUME_BELOW_MIN', /mínimo es de 10 toneladas/],
      [30, 400, 'VOLUME_ABOVE_MAX', /como máximo 25 toneladas/],
      [7.5, 400, 'VALIDATION_FAILED', /./],
      [-5, 400, 'VALIDATION_FAILED', /./],
      ['10', 400, 'VALIDATION_FAILED', /./],
    ];
    for (const [volume, status, code, message] of cases) {
      const response = await postOrder(buyer, operationId, { volume });
      expect({ volume, status: response.statusCode, code: response.json().error.code }).toEqual({
        volume,
        status,
        code,
      });
      expect(response.json().error.message).toMatch(message);
    }
    const english = await postOrder({ ...buyer, 'accept-language': 'en' }, operationId, { volume: 5 });
    expect(english.json().error.message).toBe('The minimum order is 10 tons.');
    const badMethod = await postOrder(buyer, operationId, { paymentMethod: 'crypto' });
    expect(badMethod.json().error.code).toBe('VALIDATION_FAILED');
    const badKey = await postOrder(buyer, operationId, { idempotencyKey: 'not-a-uuid' });
    expect(badKey.json().error.code).toBe('VALIDATION_FAILED');
    expect((await operationRow(operationId)).allocatedTons).toBe(before);
  });

  it('applies the per-participant cap to all the buyer’s live orders', async () => {
    const { buyer, id: operationId } = await ownDeal('cap');
    // 10 t held, the cap is 25: 15 more at most, so 15 passes and then 10 does not.
    expect((await postOrder(buyer, operationId, { volume: 10 })).statusCode).toBe(201);
    expect((await postOrder(buyer, operationId, { volume: 15 })).statusCode).toBe(201);
    const form = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}/order-form`,
      headers: buyer,
    });
    expect(form.json()).toMatchObject({ heldByMeTons: 25, closedReason: 'cap_reached', maxOrderTons: 0 });
    const over = await postOrder(buyer, operationId, { volume: 10 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('PARTICIPANT_CAP_REACHED');
  });

  it('refuses orders on a closed, past-deadline or unknown operation', async () => {
    // Waiting for an admin's approval: not public yet.
    const pending = demoOperationId('organic-sugar');
    expect((await operationRow(pending)).reviewStatus).toBe('pending');
    expect((await postOrder(buyer, pending, {})).json().error.code).toBe('OPERATION_NOT_FOUND');
    const unknown = await postOrder(buyer, randomUUID(), {});
    expect(unknown.json().error.code).toBe('OPERATION_NOT_FOUND');

    const id = await insertOperation({ deadline: new Date(Date.now() - 60_000) });
    const late = await postOrder(buyer, id, { volume: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ORDER_CLOSED');
    const cancelled = await insertOperation({ status: 'cancelled' });
    expect((await postOrder(buyer, cancelled, { volume: 5 })).json().error.code).toBe('ORDER_CLOSED');
  });

  it('fills an operation exactly: status allocated, then OPERATION_FULL; the last tons may be below the minimum', async () => {
    const id = await insertOperation({ totalTons: 25, minVolume: 10, maxPerParticipantTons: 25 });
    const [a, b] = await createApprovedBuyers(t, 2, 'fill');
    expect((await postOrder(a!.headers, id, { volume: 20 })).statusCode).toBe(201);
    // 5 t are left, under the 10 t minimum: taking exactly what is left is allowed.
    const form = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${id}/order-form`,
      headers: b!.headers,
    });
    expect(form.json()).toMatchObject({ minOrderTons: 5, maxOrderTons: 5, closedReason: null });
    expect((await postOrder(b!.headers, id, { volume: 5 })).statusCode).toBe(201);
    const row = await operationRow(id);
    expect(row).toMatchObject({ allocatedTons: 25, status: 'allocated' });
    const full = await postOrder(buyer, id, { volume: 5 });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('OPERATION_FULL');
  });

  it('only lets buyers (and admins) order', async () => {
    const { id: operationId } = await ownDeal('roles');
    const seller = await signIn(t, 'vendedor@tradeops.demo');
    expect((await postOrder(seller, operationId, {})).statusCode).toBe(403);
    const pending = await signIn(t, 'pendiente@tradeops.demo');
    expect((await postOrder(pending, operationId, {})).json().error.code).toBe('KYC_REQUIRED');
  });

  it('tells a buyer with no order apart from an unknown or malformed operation (mine)', async () => {
    const { buyer, id: noOrderYet } = await ownDeal('mine');
    const mine = (operationId: string) =>
      t.app.inject({ method: 'GET', url: `/api/operations/${operationId}/orders/mine`, headers: buyer });
    const noOrder = await mine(noOrderYet);
    expect(noOrder.statusCode).toBe(404);
    expect(noOrder.json().error.code).toBe('ORDER_NOT_FOUND');
    const unknown = await mine(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('OPERATION_NOT_FOUND');
    expect((await mine('not-a-uuid')).statusCode).toBe(400);
  });

  describe('payment proof and verification', () => {
    /** Each case its own buyer, operation and order of 5 t at $1,000/t (no case leans on another's). */
    async function freshOrder(prefix: string) {
      const [owner] = await createApprovedBuyers(t, 1, prefix);
      const operation = await createOpenOperation(t.db, { pricePerTonCents: 1_000_000 });
      const response = await postOrder(owner!.headers, operation.id, { volume: 5 });
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json().order as { id: string; paymentReference: string };
      return {
        headers: owner!.headers,
        userId: owner!.userId,
        operationId: operation.id,
        orderId: order.id,
        reference: order.paymentReference,
      };
    }

    /** An order whose proof (a PDF, revision 1) waits in the admin's queue. */
    async function orderInVerification(prefix: string) {
      const placed = await freshOrder(prefix);
      const sent = await uploadProof(placed.headers, placed.orderId, 'comprobante.pdf', PDF_BYTES);
      expect(sent.json().order.paymentStatus).toBe('verification');
      return placed;
    }

    it('shows the buyer their order with the payment instructions', async () => {
      const { headers: buyer, operationId, orderId, reference } = await freshOrder('instructions');
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/operations/${operationId}/orders/mine`,
        headers: buyer,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({
        order: { id: orderId, paymentStatus: 'pending' },
        instructions: { reference, amountCents: 5 * 1_000_000 },
      });
      expect(mine.json().instructions.bank).toMatchObject({ currency: 'USD' });
      const other = (await createApprovedBuyers(t, 1, 'other'))[0]!;
      const peek = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}`,
        headers: other.headers,
      });
      expect(peek.statusCode).toBe(404);
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}`,
        headers: admin,
      });
      expect(asAdmin.statusCode).toBe(200);
      expect((await uploadProof(other.headers, orderId, 'proof.pdf', PDF_BYTES)).statusCode).toBe(404);
    });

    it('refuses spoofed, empty, oversized and path-traversing proofs', async () => {
      const { headers: buyer, orderId } = await freshOrder('spoofed');
      const spoofed = await uploadProof(buyer, orderId, 'proof.pdf', HTML_BYTES);
      expect(spoofed.statusCode).toBe(415);
      expect((await uploadProof(buyer, orderId, 'proof.gif', GIF_BYTES)).statusCode).toBe(415);
      // A real PNG named .pdf: the content and the name disagree.
      expect((await uploadProof(buyer, orderId, 'proof.pdf', PNG_BYTES)).statusCode).toBe(415);
      const empty = await uploadProof(buyer, orderId, 'proof.pdf', Buffer.alloc(0));
      expect(empty.json().error.code).toBe('FILE_EMPTY');
      const traversal = await uploadProof(buyer, orderId, '../../etc/proof.pdf', PDF_BYTES);
      expect(traversal.json().error.code).toBe('INVALID_FILE_NAME');
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const oversize = await uploadProof(buyer, orderId, 'proof.pdf', big);
      expect(oversize.statusCode).toBe(413);
      expect(oversize.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      const notMultipart = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/proof`,
        headers: buyer,
        payload: {},
      });
      expect(notMultipart.statusCode).toBe(400);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ paymentStatus: 'pending', paymentProofPath: null });
    });

    it('takes a JPEG proof into payment-proofs/<user>/…, puts it in the queue, serves it to owner and admin', async () => {
      const { headers: buyer, userId, orderId, reference } = await freshOrder('jpeg');
      const response = await uploadProof(buyer, orderId, 'recibo transferencia.jpg', JPEG_BYTES);
      expect(response.statusCode).toBe(200);
      expect(response.json().order).toMatchObject({ paymentStatus: 'verification', hasProof: true });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row!.paymentProofPath).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.jpg$`));
      expect(await t.storage.exists('payment-proofs', row!.paymentProofPath!)).toBe(true);
      // Not twice: the proof is under verification now.
      expect((await uploadProof(buyer, orderId, 'again.pdf', PDF_BYTES)).json().error.code).toBe('PROOF_NOT_ACCEPTED');

      const queue = await readAllPages(t.app, '/api/admin/payments', admin);
      expect(queue.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: orderId, paymentReference: reference, proofMimeType: 'image/jpeg' }),
        ]),
      );
      for (const headers of [buyer, admin]) {
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/orders/${orderId}/proof`,
          headers,
        });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
        expect(file.headers['content-disposition']).toMatch(/^inline; filename="recibo transferencia\.jpg"/);
        expect(file.rawPayload.equals(JPEG_BYTES)).toBe(true);
      }
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/proof?download=1`,
        headers: buyer,
      });
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('rejects with a reason (required); the buyer is told and uploads again', async () => {
      const { headers: buyer, userId, orderId } = await orderInVerification('rejected');
      const noReason = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${orderId}/reject`,
        headers: admin,
        payload: { reason: '   ', proofRevision: 1 },
      });
      expect(noReason.json().error.code).toBe('VALIDATION_FAILED');
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${orderId}/reject`,
        headers: admin,
        payload: { reason: 'El monto no coincide', proofRevision: 1 },
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().order).toMatchObject({
        paymentStatus: 'rejected',
        paymentRejectedReason: 'El monto no coincide',
      });
      const [told] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment.rejected')));
      expect(told?.data).toMatchObject({ reason: 'El monto no coincide' });
      // Confirming a rejected proof is not possible until a new one arrives.
      const early = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${orderId}/confirm`,
        headers: admin,
        payload: { proofRevision: 1 },
      });
      expect(early.json().error.code).toBe('PAYMENT_NOT_IN_VERIFICATION');
      const again = await uploadProof(buyer, orderId, 'nuevo.pdf', PDF_BYTES);
      expect(again.json().order.paymentStatus).toBe('verification');
    });

    it('confirms once: status, escrow deposit, buyer told; a second confirm (even simultaneous) is refused', async () => {
      const { headers: buyer, userId, operationId, orderId } = await orderInVerification('confirmed');
      const outboxBefore = (await t.db.select().from(emailOutbox)).length;
      const responses = await Promise.all(
        [0, 1, 2].map(() =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/payments/${orderId}/confirm`,
            headers: admin,
            payload: { proofRevision: 1 },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json().error.code).toBe('PAYMENT_ALREADY_CONFIRMED');
      }
      const deposits = await t.db
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.orderId, orderId), eq(ledgerTransfers.kind, 'deposit')));
      expect(deposits).toHaveLength(1);
      const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: buyer });
      expect(mine.json().order).toMatchObject({
        paymentStatus: 'confirmed',
        escrow: { state: 'held', heldCents: 5 * 1_000_000 },
      });
      expect((await t.db.select().from(emailOutbox)).length).toBe(outboxBefore + 1);

      const ledger = await t.app.inject({
        method: 'GET',
        url: `/api/admin/operations/${operationId}/ledger`,
        headers: admin,
      });
      expect(ledger.statusCode).toBe(200);
      expect(ledger.json()).toMatchObject({ heldCents: 5 * 1_000_000, depositedCents: 5 * 1_000_000 });
      for (const transfer of ledger.json().items) expect(transfer.sumCents).toBe(0);
      // Each entry names the company behind the account: the buyer who paid; none for the escrow account.
      const [buyerProfile] = await t.db
        .select({ companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.id, userId));
      const deposit = ledger.json().items.find((transfer: { orderId: string }) => {
        return transfer.orderId === orderId;
      });
      expect(deposit.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ account: `buyer:${userId}`, party: buyerProfile!.companyName }),
          expect.objectContaining({ account: expect.stringMatching(/^escrow:/), party: null }),
        ]),
      );
      const queue = await readAllPages<{ id: string }>(t.app, '/api/admin/payments', admin);
      expect(queue.items.map((item) => item.id)).not.toContain(orderId);
      const refusedAsBuyer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${orderId}/confirm`,
        headers: buyer,
        payload: { proofRevision: 1 },
      });
      expect(refusedAsBuyer.statusCode).toBe(403);
    });
  });

  async function insertOperation(values: Partial<typeof operations.$inferInsert>): Promise<string> {
    const id = randomUUID();
    await t.db.insert(operations).values({
      id,
      title: `Prueba ${id.slice(0, 6)}`,
      productName: 'Test Product',
      productCategory: 'grains',
      type: 'import',
      originCountry: 'BR',
      destinationCountry: 'VE',
      totalTons: 50,
      minVolume: 5,
      maxPerParticipantTons: 25,
      pricePerTonCents: 50_000,
      deadline: new Date(Date.now() + 7 * 24 * 3_600_000),
      status: 'active',
      reviewStatus: 'approved',
      sellerId: demoUserId('vendedor'),
      tradeTerms: testTradeTerms(),
      ...values,
    });
    return id;
  }

  it('binds a payment decision to the proof the admin looked at: a proof replaced since is refused (409)', async () => {
    const operationId = await insertOperation({});
    const created = await postOrder(buyer, operationId, { volume: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().order.id as string;
    expect((await uploadProof(buyer, orderId, 'primero.pdf', PDF_BYTES)).statusCode).toBe(200);
    const proofRevision = async () => {
      const queue = await readAllPages<{ id: string; proofRevision: number }>(t.app, '/api/admin/payments', admin);
      const item = queue.items.find((entry) => entry.id === orderId);
      expect(item).toBeDefined();
      return item!.proofRevision;
    };
    // Admin A opens the queue and looks at the first proof.
    const seen = await proofRevision();
    expect(seen).toEqual(expect.any(Number));
    const looked = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/proof?revision=${seen}`,
      headers: admin,
    });
    expect(looked.rawPayload.equals(PDF_BYTES)).toBe(true);
    // Meanwhile admin B rejects it and the buyer sends another one.
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/reject`,
      headers: admin,
      payload: { reason: 'Ilegible', proofRevision: seen },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await uploadProof(buyer, orderId, 'segundo.png', PNG_BYTES)).statusCode).toBe(200);
    // Admin A's confirmation names the proof they saw: refused, nothing deposited.
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: admin,
      payload: { proofRevision: seen },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      error: { code: 'PAYMENT_PROOF_CHANGED', message: expect.stringContaining('nuevo comprobante') },
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ paymentStatus: 'verification', confirmedAt: null });
    const deposits = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, orderId));
    expect(deposits).toHaveLength(0);
    const staleReject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/reject`,
      headers: admin,
      payload: { reason: 'Ilegible', proofRevision: seen },
    });
    expect(staleReject.statusCode).toBe(409);
    const oldFile = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/proof?revision=${seen}`,
      headers: admin,
    });
    expect(oldFile.statusCode).toBe(409);
    // The queue shows the new proof; confirming that one works.
    const fresh = await proofRevision();
    expect(fresh).toBe(seen + 1);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: admin,
      payload: { proofRevision: fresh },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
