import { KYC_DOCUMENT_TYPE_LIST, type KycDocumentStatus, ONBOARDING_STEP } from '@tradeops/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingStatus, profiles, screenings, userDocuments } from '../../db/schema';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestApp, signIn, signUpCompany } from '../../test/test-app';

/**
 * The KYC queue reads two kinds of waiting company (issue 25): pending ones from the waiting times
 * kyc_review_waits keeps, approved ones due for renewal live; both merged by how long they have
 * waited, a page at a time, counted once each, and the same number on the admin dashboard.
 */
describe('the KYC review queue: pending companies and renewals in one line', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const ids: Record<'pending' | 'renewal' | 'notDue', string> = { pending: '', renewal: '', notDue: '' };
  const longAgo = (hours: number) => new Date(Date.UTC(2020, 0, 1) + hours * 3_600_000);

  async function company(statuses: KycDocumentStatus[], uploadedHour: number) {
    const { userId } = await signUpCompany(t);
    await t.db
      .update(onboardingStatus)
      .set({ currentStep: ONBOARDING_STEP.review })
      .where(eq(onboardingStatus.userId, userId));
    await t.db.insert(userDocuments).values(
      statuses.map((status, index) => ({
        userId,
        documentType: KYC_DOCUMENT_TYPE_LIST[index]!,
        status,
        storageKey: `documents/${userId}/${index}`,
        uploadedAt: longAgo(uploadedHour + index),
        reviewedAt: status === 'verified' ? longAgo(uploadedHour + 100) : null,
      })),
    );
    return userId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    // Waiting since 2020-01-01 02:00 (its one upload under review).
    ids.pending = await company(['verified', 'verified', 'uploaded', 'verified', 'verified'], 0);
    // Approved, due in 10 days, a renewed document uploaded at 01:00: first in line.
    ids.renewal = await company(['uploaded', 'verified', 'verified', 'verified', 'verified'], 1);
    // Approved, due in a year, its renewal upload waiting: not in the queue until it is due.
    ids.notDue = await company(['uploaded', 'verified', 'verified', 'verified', 'verified'], 0);
    const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000);
    await t.db
      .update(profiles)
      .set({ kycStatus: 'approved', kycExpiresAt: dueIn(10) })
      .where(eq(profiles.id, ids.renewal));
    await t.db
      .update(profiles)
      .set({ kycStatus: 'approved', kycExpiresAt: dueIn(365) })
      .where(eq(profiles.id, ids.notDue));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists renewals and pending companies by how long they have waited, each once, a page at a time', async () => {
    const all = await readAllPages<{ userId: string; waitingSince: string }>(
      t.app,
      '/api/admin/kyc/users?limit=1',
      admin,
    );
    const userIds = all.items.map((item) => item.userId);
    expect(userIds.slice(0, 2)).toEqual([ids.renewal, ids.pending]);
    expect(all.items[0]!.waitingSince).toBe('2020-01-01T01:00:00.000Z');
    expect(all.items[1]!.waitingSince).toBe('2020-01-01T02:00:00.000Z');
    expect(userIds).not.toContain(ids.notDue);
    expect(new Set(userIds).size).toBe(userIds.length);
    expect(all.total).toBe(userIds.length);
    const times = all.items.map((item) => item.waitingSince);
    expect([...times].sort()).toEqual(times);

    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin });
    expect(dashboard.json().kpis.usersAwaitingKyc).toBe(all.total);
  });

  it("shows each company's newest screening, whatever order its screenings were written in", async () => {
    const screening = (createdAt: Date) => ({
      profileId: ids.pending,
      trigger: 'order' as const,
      inputs: { companyName: 'x', taxId: null, country: null, personName: 'y', birthDate: null },
      listVersions: [],
      threshold: 0.9,
      bestScore: 0.1,
      decision: 'clear' as const,
      createdAt,
    });
    await t.db.insert(screenings).values([screening(longAgo(50)), screening(new Date()), screening(longAgo(10))]);
    const queue = await readAllPages<{ userId: string; screening: { lastScreenedAt: string | null } }>(
      t.app,
      '/api/admin/kyc/users',
      admin,
    );
    for (const item of queue.items) {
      const [newest] = await t.db
        .select({ at: screenings.createdAt })
        .from(screenings)
        .where(eq(screenings.profileId, item.userId))
        .orderBy(desc(screenings.createdAt))
        .limit(1);
      expect(item.screening.lastScreenedAt, item.userId).toBe(newest?.at.toISOString() ?? null);
    }
    expect(queue.items.find((item) => item.userId === ids.pending)?.screening.lastScreenedAt).not.toBeNull();
  });

  it('takes an approved company out of the line and puts it back when its KYC is pending again', async () => {
    const queued = async () =>
      (await readAllPages<{ userId: string }>(t.app, '/api/admin/kyc/users', admin)).items.map((item) => item.userId);
    await t.db.update(profiles).set({ kycStatus: 'approved' }).where(eq(profiles.id, ids.pending));
    expect(await queued()).not.toContain(ids.pending);
    await t.db.update(profiles).set({ kycStatus: 'pending' }).where(eq(profiles.id, ids.pending));
    expect(await queued()).toContain(ids.pending);
  });
});
