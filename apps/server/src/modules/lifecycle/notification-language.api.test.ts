import { formatCalendarDate, isoDateInDays } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, profiles } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { type TestApp, signIn, createTestAppAsAdmin } from '../../test/test-app';

/**
 * A deal's step reaches each participant in their own language: the mail is written from the
 * catalogs with the title and the date as that reader reads them, and the in-app notification
 * keeps the date as data for the bell to write in the viewer's language.
 */
describe('deal notifications in the recipient’s language', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
  afterAll(async () => t.close());

  it('writes a Spanish buyer’s mail in Spanish and an English buyer’s in English, dates localised', async () => {
    const spanish = demoUserId('comprador');
    const english = demoUserId('importadora-andina');
    await t.db.update(profiles).set({ language: 'en' }).where(eq(profiles.id, english));
    await fillOperation(t, 'refined-sugar');
    const operationId = demoOperationId('refined-sugar');
    const date = daysAgo(3);
    expect((await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: date })).statusCode).toBe(
      200,
    );

    const mailTo = async (email: string) => {
      const [mail] = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'operation.shipment_preparation')));
      return mail!;
    };
    const es = await mailTo('comprador@tradeops.demo');
    expect(es.language).toBe('es');
    expect(es.subject).toBe('TradeOps: novedades de Azúcar refinada ICUMSA 45');
    expect(es.text).toBe(
      `Azúcar refinada ICUMSA 45: comenzó la preparación del envío (${formatCalendarDate(date, 'es')}).`,
    );
    expect(es.text).toMatch(/\(\d{1,2} [a-z]{3}\.? \d{4}\)/);

    const en = await mailTo('importadora.andina@tradeops.demo');
    expect(en.language).toBe('en');
    expect(en.subject).toBe('TradeOps: news about Refined sugar ICUMSA 45');
    expect(en.text).toBe(`Refined sugar ICUMSA 45: shipment preparation started (${formatCalendarDate(date, 'en')}).`);
    expect(en.text).toMatch(/\([A-Z][a-z]{2} \d{1,2}, \d{4}\)/);
    for (const mail of [es, en]) expect(mail.text).not.toContain(date);

    // In the app, the date stays data (YYYY-MM-DD) and the title is in the language the reader's page asks for.
    const notificationOf = async (email: string, userId: string, language: string) => {
      const session = await signIn(t, email);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { ...session, 'accept-language': language },
      });
      expect(list.statusCode).toBe(200);
      const found = list.json().items.find((n: { type: string }) => n.type === 'operation.shipment_preparation') as
        { data: Record<string, unknown> } | undefined;
      expect(found, userId).toBeDefined();
      return found!.data;
    };
    expect(await notificationOf('comprador@tradeops.demo', spanish, 'es')).toMatchObject({
      date,
      operationTitle: 'Azúcar refinada ICUMSA 45',
    });
    expect(await notificationOf('importadora.andina@tradeops.demo', english, 'en')).toMatchObject({
      date,
      operationTitle: 'Refined sugar ICUMSA 45',
    });
  });

  it('writes the date in an error message in the request’s language', async () => {
    await fillOperation(t, 'soybeans');
    const operationId = demoOperationId('soybeans');
    await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(4) });
    await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(3) }, BILL);
    await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(2) });
    const inspected = await recordStep(
      t,
      admin,
      operationId,
      'inspection',
      { occurredAt: daysAgo(1), result: 'passed' },
      BILL,
    );
    expect(inspected.statusCode).toBe(200);
    // The fund retention (30 days by default) runs from the inspection date.
    const endsOn = isoDateInDays(30, new Date(`${daysAgo(1)}T00:00:00Z`));
    const settle = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/operations/${operationId}/settle`,
        headers: { ...admin, 'x-lang': lang },
      });
    const es = (await settle('es')).json().error;
    expect(es.code).toBe('RETENTION_NOT_ENDED');
    expect(es.message).toBe(
      `La retención de fondos termina el ${formatCalendarDate(endsOn, 'es')}; la liquidación es posible desde entonces.`,
    );
    const en = (await settle('en')).json().error;
    expect(en.message).toContain(formatCalendarDate(endsOn, 'en'));
    expect(en.message).not.toContain(endsOn);
  });
});
