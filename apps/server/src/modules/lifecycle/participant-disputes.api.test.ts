import { DAY_MS, type OperationRoomResponse, type OperationControlResponse } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, disputeEvidence, disputes, notifications, operations, platformSettings } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { GIF_BYTES, PDF_BYTES, PNG_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';

const BOUNDARY = '----tradeops-dispute';

/** A dispute's multipart body: text fields and `evidence` file parts. */
function disputeBody(fields: Record<string, string>, files: { name: string; bytes: Buffer }[] = []) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="evidence"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe('disputes opened by participants', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;
  let secondBuyer: Record<string, string>;
  let seller: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    secondBuyer = await signIn(t, 'importadora.andina@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
  });
  afterAll(async () => t.close());

  const open = (
    headers: Record<string, string>,
    operationId: string,
    fields: Record<string, string>,
    files: { name: string; bytes: Buffer }[] = [],
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operations/${operationId}/disputes`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: disputeBody(fields, files),
    });
  const addEvidence = (
    headers: Record<string, string>,
    operationId: string,
    files: { name: string; bytes: Buffer }[],
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operations/${operationId}/disputes/evidence`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: disputeBody({}, files),
    });
  const operationRoom = async (headers: Record<string, string>, operationId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/operations/${operationId}/room`, headers })
    ).json() as OperationRoomResponse;
  const openDisputes = (operationId: string) =>
    t.db
      .select()
      .from(disputes)
      .where(and(eq(disputes.operationId, operationId), eq(disputes.status, 'open')));

  /** A deal filled by the two demo buyers, shipped and arrived `arrivedDaysAgo` days ago. */
  async function arrivedDeal(key: string, arrivedDaysAgo: number) {
    const ids = await fillOperation(t, key);
    const operationId = demoOperationId(key);
    await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(arrivedDaysAgo + 2) });
    await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(arrivedDaysAgo + 1) }, BILL);
    const arrived = await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(arrivedDaysAgo) });
    expect(arrived.statusCode, arrived.body).toBe(200);
    return { operationId, ids };
  }

  it('a failed inspection opens a dispute row that the decision closes; each buyer sees their own refund and date', async () => {
    const { operationId, ids } = await arrivedDeal('yellow-corn', 2);
    const [first, second] = ids;
    await recordStep(t, admin, operationId, 'inspection', { occurredAt: daysAgo(1), result: 'failed' }, BILL);
    const [row] = await openDisputes(operationId);
    expect(row).toMatchObject({ openedBy: 'inspection', status: 'open' });
    expect((await operationRoom(buyer, operationId)).dispute).toMatchObject({
      status: 'open',
      openedBy: 'inspection',
    });

    const held = (await getEscrowStates(t.db, [first!])).get(first!)!.heldCents;
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/dispute/decision`,
      headers: admin,
      payload: { decision: 'partial', reason: 'Humedad fuera de norma', refunds: { [first!]: held / 4, [second!]: 0 } },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [closed] = await t.db.select().from(disputes).where(eq(disputes.id, row!.id));
    expect(closed).toMatchObject({ status: 'decided', decision: 'partial', decisionReason: 'Humedad fuera de norma' });
    expect(closed!.decidedAt).toBeInstanceOf(Date);

    const mine = await operationRoom(buyer, operationId);
    expect(mine.dispute).toMatchObject({ status: 'decided', decision: 'partial' });
    expect(mine.order).toMatchObject({ refundedCents: held / 4, releasedCents: held - held / 4 });
    expect(Date.now() - Date.parse(mine.order!.paidOutAt!)).toBeLessThan(60_000);
    const theirs = await operationRoom(secondBuyer, operationId);
    expect(theirs.order).toMatchObject({ refundedCents: 0 });

    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/buyer/dashboard', headers: buyer })).json() as {
      orders: { id: string; refundedCents: number; paidOutAt: string | null; dispute: unknown }[];
    };
    const order = dashboard.orders.find((p) => p.id === first);
    expect(order).toMatchObject({ refundedCents: held / 4, dispute: { status: 'decided', decision: 'partial' } });
    expect(order!.paidOutAt).not.toBeNull();
  });

  it('refuses a dispute outside the window, from a non-participant, and checks the evidence files; nothing changes', async () => {
    const { operationId } = await arrivedDeal('soybeans', 3);
    // Before: the seller and an admin are not participants.
    for (const headers of [seller, admin]) {
      const refused = await open(headers, operationId, { reason: 'No es lo acordado' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('DISPUTE_NOT_PARTICIPANT');
    }
    // A GIF is not evidence; an empty reason is refused with a field error; six files are too many.
    const gif = await open(buyer, operationId, { reason: 'Carga dañada' }, [{ name: 'foto.gif', bytes: GIF_BYTES }]);
    expect(gif.statusCode).toBe(415);
    const spoofed = await open(buyer, operationId, { reason: 'Carga dañada' }, [
      { name: 'foto.png', bytes: PDF_BYTES },
    ]);
    expect(spoofed.statusCode).toBe(415);
    const blank = await open(buyer, operationId, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toHaveProperty('reason');
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF_BYTES }));
    expect((await open(buyer, operationId, { reason: 'Carga dañada' }, six)).statusCode).toBe(413);

    // The window: 2 days after an arrival 3 days ago has ended.
    await t.db.update(platformSettings).set({ value: 2 }).where(eq(platformSettings.key, 'dispute_window_days'));
    const late = await open(buyer, operationId, { reason: 'Carga dañada' }, [{ name: 'acta.pdf', bytes: PDF_BYTES }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DISPUTE_WINDOW_CLOSED');
    expect(late.json().error.message).toMatch(/disputa/);
    expect((await operationRoom(buyer, operationId)).disputeWindow).toMatchObject({ canOpen: false });
    expect(await openDisputes(operationId)).toHaveLength(0);
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('arrived');
    await t.db.update(platformSettings).set({ value: 7 }).where(eq(platformSettings.key, 'dispute_window_days'));
  });

  it('a buyer opens one within the window with evidence; a second concurrent one is refused; settlement waits; evidence is for the deal only', async () => {
    const { operationId, ids } = await arrivedDeal('long-grain-rice', 1);
    const window = (await operationRoom(buyer, operationId)).disputeWindow;
    expect(window.canOpen).toBe(true);
    // 7 days after the arrival's day, to the end of that day (UTC).
    const arrivalDay = Date.parse(`${daysAgo(1)}T00:00:00.000Z`);
    expect(Date.parse(window.closesAt!)).toBe(arrivalDay + 8 * DAY_MS);
    expect((await operationRoom(seller, operationId)).disputeWindow.canOpen).toBe(false);

    const [a, b] = await Promise.all([
      open(buyer, operationId, { reason: 'La carga llegó húmeda' }, [
        { name: 'acta.pdf', bytes: PDF_BYTES },
        { name: 'foto.png', bytes: PNG_BYTES },
      ]),
      open(secondBuyer, operationId, { reason: 'Sacos rotos' }, [{ name: 'sacos.png', bytes: PNG_BYTES }]),
    ]);
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes, `${a!.body} ${b!.body}`).toEqual([201, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().error.code).toBe('DISPUTE_ALREADY_OPEN');
    const rows = await openDisputes(operationId);
    expect(rows).toHaveLength(1);
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('disputed');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'operation.dispute_opened'))).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'operation.dispute_opened'));
    const toldUsers = new Set(told.map((n) => n.userId));
    for (const userId of [
      demoUserId('admin'),
      operation!.sellerId,
      demoUserId('comprador'),
      demoUserId('importadora-andina'),
    ]) {
      expect(toldUsers.has(userId), userId).toBe(true);
    }

    // The other buyer adds evidence to the open dispute instead.
    const added = await addEvidence(a!.statusCode === 409 ? buyer : secondBuyer, operationId, [
      { name: 'mas.pdf', bytes: PDF_BYTES },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    expect((await addEvidence(seller, operationId, [{ name: 'x.pdf', bytes: PDF_BYTES }])).statusCode).toBe(403);

    // Settlement waits while it is open.
    const settle = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/settle`,
      headers: admin,
    });
    expect(settle.json().error.code).toBe('DISPUTE_OPEN');

    // The admin sees the reason and the files in the control page; the files open for the deal's people only.
    const control = (
      await t.app.inject({ method: 'GET', url: `/api/admin/operations/${operationId}/control`, headers: admin })
    ).json() as OperationControlResponse;
    expect(control.isDisputeOpen).toBe(true);
    expect(control.dispute).toMatchObject({ status: 'open', openedBy: 'participant' });
    const evidence = control.dispute!.evidence;
    expect(evidence.length).toBeGreaterThanOrEqual(2);
    const stored = await t.db.select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, rows[0]!.id));
    expect(stored).toHaveLength(evidence.length);
    const url = `/api/operations/${operationId}/disputes/evidence/${evidence[0]!.id}`;
    for (const headers of [admin, seller, buyer, secondBuyer]) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('inline');
    }
    const outsider = await signIn(t, 'cooperativa.sul@tradeops.demo');
    expect((await t.app.inject({ method: 'GET', url, headers: outsider })).statusCode).toBe(404);
    const otherDeal = `/api/operations/${demoOperationId('cocoa-liquor')}/disputes/evidence/${evidence[0]!.id}`;
    expect((await t.app.inject({ method: 'GET', url: otherDeal, headers: admin })).statusCode).toBe(404);

    // The decision closes it (a full refund: each buyer's own money back).
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/dispute/decision`,
      headers: admin,
      payload: { decision: 'refund', reason: 'Carga fuera de especificación' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await openDisputes(operationId)).toHaveLength(0);
    const states = await getEscrowStates(t.db, ids);
    expect([...states.values()].every((s) => s.state === 'refunded')).toBe(true);
    expect((await operationRoom(buyer, operationId)).dispute).toMatchObject({ status: 'decided', decision: 'refund' });
  });
});
