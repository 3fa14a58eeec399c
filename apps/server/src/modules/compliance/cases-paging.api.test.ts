import { type ComplianceCase, type ComplianceCasesResponse } from '@tradeops/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceCases } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/**
 * The screening queue (GET /api/admin/compliance/cases) pages with the shared cursor: every case of a
 * status exactly once (open ones oldest first, decided ones newest first), how many that status holds
 * with every page, and the counts of each status beside it. It paged by offset, 50 a page.
 */
describe('the screening queue, a page at a time', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    // 7 open cases (4 opened in the same instant: the id breaks the tie) and 3 cleared ones.
    const at = Date.now() - 3_600_000;
    await t.db.insert(complianceCases).values(
      Array.from({ length: 10 }, (_, index) => ({
        profileId: demoUserId('comprador'),
        subject: 'company' as const,
        subjectName: `Empresa ${index}`,
        subjectKey: `empresa ${index}`,
        entryKey: `ofac_sdn:${1000 + index}`,
        entry: {
          listId: 'test-list',
          source: 'ofac_sdn' as const,
          ref: String(1000 + index),
          kind: 'entity' as const,
          name: `EMPRESA ${index}`,
          aliases: [],
          programs: ['CUBA'],
          countries: [],
          birthDates: [],
          remarks: null,
        },
        matchedName: `EMPRESA ${index}`,
        score: 0.9,
        status: index < 7 ? ('open' as const) : ('cleared' as const),
        decidedAt: index < 7 ? null : new Date(),
        decisionReason: index < 7 ? null : 'Homónimo: otra empresa.',
        createdAt: new Date(at + (index < 4 ? 0 : index * 1000)),
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function countOf(status: 'open' | 'cleared' | 'confirmed'): Promise<number> {
    const [row] = await t.db.select({ n: count() }).from(complianceCases).where(eq(complianceCases.status, status));
    return row!.n;
  }

  it('walks every open case exactly once, oldest first, with how many wait and the counts per status', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/compliance/cases?limit=3', headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as ComplianceCasesResponse;
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(await countOf('open'));
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.counts).toEqual({
      open: page.total,
      confirmed: await countOf('confirmed'),
      cleared: await countOf('cleared'),
    });
    const rest = await readAllPages<ComplianceCase>(
      t.app,
      '/api/admin/compliance/cases?status=open&limit=3',
      admin,
      page.nextCursor,
    );
    const seen = [...page.items, ...rest.items];
    expect(new Set(seen.map((item) => item.id)).size).toBe(page.total);
    expect(seen.every((item) => item.status === 'open')).toBe(true);
    const times = seen.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('walks the cleared ones newest first, and every status together, each case once', async () => {
    const cleared = await readAllPages<ComplianceCase>(
      t.app,
      '/api/admin/compliance/cases?status=cleared&limit=2',
      admin,
    );
    expect(cleared.total).toBe(await countOf('cleared'));
    expect(cleared.items).toHaveLength(cleared.total);
    const times = cleared.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const all = await readAllPages<ComplianceCase>(t.app, '/api/admin/compliance/cases?status=all&limit=4', admin);
    const [everything] = await t.db.select({ n: count() }).from(complianceCases);
    expect(all.total).toBe(everything!.n);
    expect(new Set(all.items.map((item) => item.id)).size).toBe(everything!.n);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/compliance/cases?cursor=nope',
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
