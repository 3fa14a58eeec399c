import { type ComplianceSettings } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, profiles } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder, requestOrder } from '../../test/deals';
import { type TestApp, sameOriginHeaders, createTestAppAsAdmin } from '../../test/test-app';

/**
 * Embargoed jurisdictions (an admin setting): operations from or to them and companies registered
 * there are refused with a translated message; the demo's corridors stay open by default.
 */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
afterAll(async () => t.close());

async function settings(): Promise<ComplianceSettings> {
  return (await t.app.inject({ method: 'GET', url: '/api/admin/compliance/settings', headers: admin })).json();
}

async function embargo(countries: string[]) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/compliance/settings',
    headers: admin,
    payload: { ...(await settings()), embargoedJurisdictions: countries },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('embargoed jurisdictions', () => {
  it('default to the comprehensive programmes and leave the demo corridors open', async () => {
    expect((await settings()).embargoedJurisdictions).toEqual(['CU', 'IR', 'KP', 'SY']);
    const [buyer] = await createApprovedBuyers(t, 1, 'open');
    const operation = await createOpenOperation(t.db, { originCountry: 'UY', destinationCountry: 'VE' });
    await placeOrder(t.app, buyer!.headers, operation.id, 5);
  });

  it('refuse an order on a route that starts or ends in one, in the reader’s language, writing nothing', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'embargo');
    const operation = await createOpenOperation(t.db, { originCountry: 'UY', destinationCountry: 'VE' });
    await embargo(['CU', 'VE']);
    try {
      const spanish = await requestOrder(t.app, { ...buyer!.headers, 'accept-language': 'es' }, operation.id, {
        volume: 5,
      });
      expect(spanish.statusCode).toBe(422);
      expect(spanish.json().error).toEqual({
        code: 'JURISDICTION_EMBARGOED',
        message: 'No se aceptan operaciones con origen o destino en Venezuela: es una jurisdicción bajo embargo.',
      });
      const english = await requestOrder(t.app, { ...buyer!.headers, 'accept-language': 'en' }, operation.id, {
        volume: 5,
      });
      expect(english.json().error.message).toBe(
        'Operations from or to Venezuela are not accepted: it is an embargoed jurisdiction.',
      );
      expect(await t.db.select().from(orders).where(eq(orders.operationId, operation.id))).toEqual([]);
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'embargoed_jurisdictions'));
      expect(audit).toMatchObject({ action: 'settings.updated', data: { after: ['CU', 'VE'] } });
    } finally {
      await embargo(['CU', 'IR', 'KP', 'SY']);
    }
  });

  it('refuse companies registered in one: at sign-up, and their orders', async () => {
    await embargo(['AR', 'CU']);
    try {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { ...sameOriginHeaders(), 'accept-language': 'en' },
        payload: {
          fullName: 'Ana Pérez',
          email: `embargo-${Date.now()}@example.com`,
          password: 'Un-Buen-Secreto-2025',
          companyName: 'Granos del Plata',
          country: 'AR',
          companyType: 'trader',
        },
      });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json().error).toEqual({
        code: 'COMPANY_JURISDICTION_EMBARGOED',
        message: "We can't work with companies registered in Argentina: it is an embargoed jurisdiction.",
      });
      const [buyer] = await createApprovedBuyers(t, 1, 'registered');
      await t.db.update(profiles).set({ country: 'AR' }).where(eq(profiles.id, buyer!.userId));
      const operation = await createOpenOperation(t.db, { originCountry: 'UY', destinationCountry: 'VE' });
      const order = await requestOrder(t.app, buyer!.headers, operation.id, { volume: 5 });
      expect(order.json().error.code).toBe('COMPANY_JURISDICTION_EMBARGOED');
    } finally {
      await embargo(['CU', 'IR', 'KP', 'SY']);
    }
  });

  it('refuse a code that is not a country', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/compliance/settings',
      headers: admin,
      payload: { ...(await settings()), embargoedJurisdictions: ['Cuba'] },
    });
    expect(response.statusCode).toBe(400);
  });
});
