import { type AccountProfile, type AdminSettingsResponse, type UpdateAdminSettingsRequest } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { type TestApp, createTestApp, resetPasswordThroughMailbox, signIn } from '../../test/test-app';
import { getPlatformSettings, storedPlatformCompany } from './settings.service';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@tradeops.demo' } });
  admin = await signIn(t, 'admin@tradeops.demo');
});
afterAll(async () => {
  await t?.close();
});

async function current(): Promise<AdminSettingsResponse> {
  return (
    await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })
  ).json() as AdminSettingsResponse;
}

function save(body: unknown, headers = admin) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: body as object });
}

describe('admin settings', () => {
  it('reads the seeded settings and the environment’s admins', async () => {
    const settings = await current();
    expect(settings.platformFeeBps).toBe(200);
    expect(settings).toMatchObject({ orderHoldHours: 72, fundRetentionDays: 30, adminEmails: [] });
    expect(settings).toMatchObject({
      orderHoldHours: 72,
      fundRetentionDays: 30,
      disputeWindowDays: 7,
      adminEmails: [],
    });
    expect(settings.envAdminEmails).toEqual(['ops@tradeops.demo']);
    expect(settings.escrowBankDetails?.currency).toBe('USD');
    // The statements' letterhead, seeded for the demo.
    expect(settings.platformCompany).toEqual({
      legalName: 'TradeOps Marketplace LLC',
      address: '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA',
      taxId: 'EIN 88-1234567',
    });
  });

  it('saves every setting in the database, audits each change, and the services see it', async () => {
    const before = await current();
    const body: UpdateAdminSettingsRequest = {
      adminEmails: ['Comprador@TradeOps.demo'],
      escrowBankDetails: { ...before.escrowBankDetails!, bankName: 'Banco Nuevo' },
      platformCompany: { legalName: 'TradeOps Global S.A.', address: 'Av. Libertador 1000\nBuenos Aires', taxId: '' },
      orderHoldHours: 48,
      fundRetentionDays: 0,
      platformFeeBps: 250,
      disputeWindowDays: 10,
    };
    const response = await save(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      adminEmails: ['comprador@tradeops.demo'],
      orderHoldHours: 48,
      fundRetentionDays: 0,
      platformFeeBps: 250,
      disputeWindowDays: 10,
    });
    const platform = await getPlatformSettings(t.db);
    expect(platform).toMatchObject({
      orderHoldHours: 48,
      fundRetentionDays: 0,
      platformFeeBps: 250,
      disputeWindowDays: 10,
    });
    expect(platform.escrowBankDetails?.bankName).toBe('Banco Nuevo');
    expect(platform.platformCompany).toEqual(body.platformCompany);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'));
    expect(audits.map((row) => row.entityId).sort()).toEqual([
      'admin_emails',
      'dispute_window_days',
      'escrow_bank_details',
      'fund_retention_days',
      'order_hold_hours',
      'platform_company',
      'platform_fee_bps',
    ]);
    // The audit keeps the values as stored (platform_settings' keys: db/schema/platform.ts).
    expect(audits.find((row) => row.entityId === 'platform_company')?.data).toEqual({
      before: storedPlatformCompany(before.platformCompany!),
      after: storedPlatformCompany(body.platformCompany),
    });
    const [feeAudit] = audits.filter((row) => row.entityId === 'platform_fee_bps');
    expect(feeAudit?.data).toEqual({ before: 200, after: 250 });
    expect(audits.find((row) => row.entityId === 'order_hold_hours')?.data).toEqual({ before: 72, after: 48 });

    // A stored admin e-mail makes that account an admin at its next request (its password set through the mailbox).
    await resetPasswordThroughMailbox(t, 'comprador@tradeops.demo', DEMO_PASSWORD);
    const promoted = await signIn(t, 'comprador@tradeops.demo');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: promoted })).statusCode).toBe(200);

    // Saving the same values again writes no new audit rows.
    await save(body);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'))).length).toBe(7);

    // And removing it takes the rights away again.
    expect((await save({ ...body, adminEmails: [] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: promoted })).statusCode).toBe(403);
  });

  it('refuses bad values with field errors and changes nothing', async () => {
    const before = await current();
    const valid = {
      adminEmails: [],
      escrowBankDetails: before.escrowBankDetails,
      platformCompany: before.platformCompany,
      orderHoldHours: 72,
      fundRetentionDays: 30,
      platformFeeBps: 200,
      disputeWindowDays: 7,
    };
    for (const [patch, field] of [
      [{ adminEmails: ['not-an-email'] }, 'adminEmails.0'],
      [{ orderHoldHours: 0 }, 'orderHoldHours'],
      [{ fundRetentionDays: -1 }, 'fundRetentionDays'],
      [{ fundRetentionDays: 1.5 }, 'fundRetentionDays'],
      [{ platformFeeBps: 2001 }, 'platformFeeBps'],
      [{ platformFeeBps: -1 }, 'platformFeeBps'],
      [{ platformFeeBps: 1.5 }, 'platformFeeBps'],
      [{ platformFeeBps: undefined }, 'platformFeeBps'],
      [{ disputeWindowDays: 91 }, 'disputeWindowDays'],
      [{ disputeWindowDays: -1 }, 'disputeWindowDays'],
      [{ escrowBankDetails: { ...before.escrowBankDetails, swift: '' } }, 'escrowBankDetails.swift'],
      [{ platformCompany: { ...before.platformCompany, legalName: ' ' } }, 'platformCompany.legalName'],
      [{ platformCompany: { ...before.platformCompany, address: '' } }, 'platformCompany.address'],
      [{ platformCompany: undefined }, 'platformCompany'],
    ] as const) {
      const response = await save({ ...valid, ...patch });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys((response.json() as { error: { fields: Record<string, string> } }).error.fields)).toContain(
        field,
      );
    }
    expect(await current()).toEqual(before);
    const seller = await signIn(t, 'vendedor@tradeops.demo');
    expect((await save(valid, seller)).statusCode).toBe(403);
    const tooHigh = await save({ ...valid, platformFeeBps: 2001 });
    expect(tooHigh.json().error.fields.platformFeeBps).toBe('Entre 0 y 2000 puntos básicos (0 % a 20 %)');
  });

  it('tells a signed-in seller the fee their payouts bear, and no one else', async () => {
    const seller = await signIn(t, 'vendedor@tradeops.demo');
    const fee = await t.app.inject({ method: 'GET', url: '/api/seller/platform-fee', headers: seller });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json()).toEqual({ platformFeeBps: (await current()).platformFeeBps });
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/platform-fee' })).statusCode).toBe(401);
  });
});

describe('account profile', () => {
  it('changes name, language and notification preferences; company data is locked after KYC approval', async () => {
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: buyer })
    ).json() as AccountProfile;
    expect(profile.canEditCompany).toBe(false);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: buyer,
      payload: { fullName: 'Carla Compras', language: 'en', notificationPrefs: { email: false, inApp: true } },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      fullName: 'Carla Compras',
      language: 'en',
      notificationPrefs: { email: false, inApp: true },
    });
    const locked = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: buyer,
      payload: { companyName: 'Otra Empresa' },
    });
    expect(locked.statusCode).toBe(400);
    const pending = await signIn(t, 'pendiente@tradeops.demo');
    const open = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: pending,
      payload: { companyName: 'Empresa Corregida', country: 'CL' },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ companyName: 'Empresa Corregida', country: 'CL', canEditCompany: true });
  });
});
