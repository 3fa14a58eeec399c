import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, operationMilestones, operations } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordPartnerStep, recordStep } from '../../test/lifecycle';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

const DEPARTURE = {
  blNumber: 'MEDU12345678',
  vessel: 'MSC Aurora',
  voyage: 'AU245W',
  containers: 'MSCU1234565, MSCU7654321\nTGHU0012345',
};

describe('partners as users: assigned logistics partners and inspectors record their steps', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;
  let logistics: Record<string, string>;
  let inspector: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    logistics = await signIn(t, 'logistica@tradeops.demo');
    inspector = await signIn(t, 'inspector@tradeops.demo');
  });
  afterAll(async () => t.close());

  const statusOf = async (operationId: string) =>
    (await t.db.select().from(operations).where(eq(operations.id, operationId)))[0]!.status;
  const assign = (operationId: string, userKey: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/partners`,
      headers: admin,
      payload: { userId: demoUserId(userKey) },
    });

  it('lists only the deals assigned to the partner (the seeded featured deal)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/partner/operations', headers: logistics });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: demoOperationId(FEATURED_OPERATION_KEY) }] });
    // A buyer is no partner.
    expect((await t.app.inject({ method: 'GET', url: '/api/partner/operations', headers: buyer })).statusCode).toBe(
      403,
    );
  });

  it('refuses a partner on a deal not assigned to it, and lets it record once assigned', async () => {
    await fillOperation(t, 'sunflower-oil');
    const operationId = demoOperationId('sunflower-oil');
    const refused = await recordPartnerStep(t, logistics, operationId, 'shipment_preparation', {
      occurredAt: daysAgo(3),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PARTNER_NOT_ASSIGNED');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/partner/operations/${operationId}`,
      headers: logistics,
    });
    expect(detail.statusCode).toBe(403);
    expect(await statusOf(operationId)).toBe('funded');

    // A buyer cannot be assigned; the logistics partner can, audited.
    expect((await assign(operationId, 'comprador')).json().error.code).toBe('PARTNER_ACCOUNT_REQUIRED');
    const assigned = await assign(operationId, 'logistica');
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assigned).toMatchObject([{ userId: demoUserId('logistica'), role: 'logistics' }]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operationId), eq(auditLog.action, 'operation.partner_assigned')));
    expect(audit).toHaveLength(1);

    expect(
      (await recordPartnerStep(t, logistics, operationId, 'shipment_preparation', { occurredAt: daysAgo(3) }))
        .statusCode,
    ).toBe(200);
    // The inspector's step is not the logistics partner's; departure needs the B/L, vessel, voyage and containers.
    expect(
      (await recordPartnerStep(t, logistics, operationId, 'inspection', { occurredAt: daysAgo(2), result: 'passed' }))
        .statusCode,
    ).toBe(403);
    const incomplete = await recordPartnerStep(
      t,
      logistics,
      operationId,
      'departure',
      { occurredAt: daysAgo(2) },
      BILL,
    );
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().error.fields)).toEqual(['blNumber', 'vessel', 'voyage', 'containers']);
    const badContainer = await recordPartnerStep(
      t,
      logistics,
      operationId,
      'departure',
      { occurredAt: daysAgo(2), ...DEPARTURE, containers: 'not-a-box' },
      BILL,
    );
    expect(badContainer.statusCode).toBe(400);
    expect(
      (await recordPartnerStep(t, logistics, operationId, 'departure', { occurredAt: daysAgo(2), ...DEPARTURE }, BILL))
        .statusCode,
    ).toBe(200);
    expect(
      (await recordPartnerStep(t, logistics, operationId, 'eta_update', { occurredAt: daysAgo(1), eta: daysAgo(-9) }))
        .statusCode,
    ).toBe(200);

    const [departure] = await t.db
      .select()
      .from(operationMilestones)
      .where(and(eq(operationMilestones.operationId, operationId), eq(operationMilestones.kind, 'departure')));
    expect(departure).toMatchObject({
      createdBy: demoUserId('logistica'),
      details: {
        blNumber: 'MEDU12345678',
        vessel: 'MSC Aurora',
        voyage: 'AU245W',
        containers: ['MSCU1234565', 'MSCU7654321', 'TGHU0012345'],
      },
    });
    // The buyers are told of each step, as when an admin records it.
    const told = await t.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, demoUserId('comprador')));
    expect(told.map((n) => n.type)).toEqual(
      expect.arrayContaining(['operation.shipment_preparation', 'operation.departure', 'operation.eta_updated']),
    );
    // Every step says who recorded it.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/partner/operations/${operationId}`,
      headers: logistics,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'in_transit', nextSteps: ['eta_update', 'arrival'] });
    expect(
      (view.json().milestones as { recordedBy: string }[]).every(
        (m) => m.recordedBy === 'Logística Portuaria del Caribe C.A.',
      ),
    ).toBe(true);
    // The step's details answer camelCase, like every JSON key (stored with the form's field names).
    const departed = (view.json().milestones as { kind: string; details: unknown }[]).find(
      (m) => m.kind === 'departure',
    );
    expect(departed?.details).toEqual({
      blNumber: 'MEDU12345678',
      vessel: 'MSC Aurora',
      voyage: 'AU245W',
      containers: ['MSCU1234565', 'MSCU7654321', 'TGHU0012345'],
    });

    // Unassigned, it records no more.
    const unassigned = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/operations/${operationId}/partners/${demoUserId('logistica')}`,
      headers: admin,
    });
    expect(unassigned.statusCode).toBe(200);
    expect(
      (await recordPartnerStep(t, logistics, operationId, 'arrival', { occurredAt: daysAgo(0) })).json().error.code,
    ).toBe('PARTNER_NOT_ASSIGNED');
    expect(await statusOf(operationId)).toBe('in_transit');
  });

  it('keeps the state table when a partner and an admin record the same step at once', async () => {
    await fillOperation(t, 'green-coffee');
    const operationId = demoOperationId('green-coffee');
    expect((await assign(operationId, 'logistica')).statusCode).toBe(200);
    expect((await assign(operationId, 'inspector')).statusCode).toBe(200);
    expect(
      (await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(4) })).statusCode,
    ).toBe(200);

    // Departure by both at once: one wins, the other hears the deal moved on.
    const departures = await Promise.all([
      recordPartnerStep(t, logistics, operationId, 'departure', { occurredAt: daysAgo(3), ...DEPARTURE }, BILL),
      recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(3) }, BILL),
    ]);
    expect(departures.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(departures.find((r) => r.statusCode === 409)!.json().error.code).toBe('LIFECYCLE_WRONG_STATUS');

    // Arrival by the partner while the inspector tries to inspect: the inspection waits for the arrival.
    const [arrival, inspection] = await Promise.all([
      recordPartnerStep(t, logistics, operationId, 'arrival', { occurredAt: daysAgo(2) }),
      recordPartnerStep(
        t,
        inspector,
        operationId,
        'inspection',
        { occurredAt: daysAgo(2), result: 'passed', netWeightKg: '19400', quality: 'Humedad: 11,5 %' },
        BILL,
      ),
    ]);
    expect(arrival.statusCode).toBe(200);
    expect([200, 409]).toContain(inspection.statusCode);
    if (inspection.statusCode === 409) {
      expect(inspection.json().error.code).toBe('LIFECYCLE_WRONG_STATUS');
      expect(
        (
          await recordPartnerStep(
            t,
            inspector,
            operationId,
            'inspection',
            { occurredAt: daysAgo(1), result: 'passed', netWeightKg: '19400', quality: 'Humedad: 11,5 %' },
            BILL,
          )
        ).statusCode,
      ).toBe(200);
    }
    expect(await statusOf(operationId)).toBe('inspected');
    const milestones = await t.db
      .select({ kind: operationMilestones.kind })
      .from(operationMilestones)
      .where(eq(operationMilestones.operationId, operationId));
    expect(milestones.map((m) => m.kind).sort()).toEqual([
      'arrival',
      'departure',
      'inspection',
      'shipment_preparation',
    ]);
    // Every status change is one audited transition of the state table.
    const transitions = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operationId), eq(auditLog.entityType, 'operation')));
    const moves = transitions.map((row) => (row.data as { to?: string }).to).filter(Boolean);
    expect(moves).toEqual(expect.arrayContaining(['shipment_preparation', 'in_transit', 'arrived', 'inspected']));
    expect(moves.filter((to) => to === 'in_transit')).toHaveLength(1);
    const [inspected] = await t.db
      .select()
      .from(operationMilestones)
      .where(and(eq(operationMilestones.operationId, operationId), eq(operationMilestones.kind, 'inspection')));
    expect(inspected).toMatchObject({
      createdBy: demoUserId('inspector'),
      details: { netWeightKg: 19400, quality: 'Humedad: 11,5 %' },
    });
  });
});
