import {
  OFFER_IMAGE_MAX_BYTES,
  type OfferRequest,
  type SellerOffer,
  isoDateInDays,
  TERMS_VERSION,
} from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operationMilestones, operations, productSpecs } from '../../db/schema';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { GIF_BYTES, HTML_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../../test/kyc-files';
import { buildOfferRequest } from '@tradeops/shared/testing';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/** A WebP header (RIFF … WEBP) with a tiny body: enough for the magic-byte check. */
const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.alloc(18, 0),
]);

interface FilePart {
  field: 'image' | 'spec';
  name: string;
  bytes: Buffer;
}

/** The wizard's multipart body: `data` (JSON) and optional files. */
function offerBody(data: unknown, files: FilePart[] = []) {
  const boundary = `----offers${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
      'utf8',
    ),
  ];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let seller: Record<string, string>;
let buyer: Record<string, string>;
let admin: Record<string, string>;
let pending: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signIn(t, 'vendedor@tradeops.demo');
  buyer = await signIn(t, 'comprador@tradeops.demo');
  admin = await signIn(t, 'admin@tradeops.demo');
  pending = await signIn(t, 'pendiente@tradeops.demo');
});
afterAll(async () => {
  await t?.close();
});

function send(
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  data: unknown,
  files: FilePart[] = [],
) {
  const body = offerBody(data, files);
  return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function createValid(overrides: Partial<OfferRequest> = {}, files: FilePart[] = []): Promise<string> {
  const response = await send('POST', '/api/offers', seller, buildOfferRequest(overrides), files);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('POST /api/offers', () => {
  it('creates the offer pending / review pending, in cents, and puts it in the admins’ queue', async () => {
    const id = await createValid();
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      reviewStatus: 'pending',
      title: 'Café verde de Colombia',
      titleEn: 'Colombian green coffee',
      pricePerTonCents: 520_050,
      totalTons: 20,
      minVolume: 5,
      maxPerParticipantTons: 10,
      allocatedTons: 0,
    });
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/offer-reviews', headers: admin });
    expect((queue.json() as { items: { id: string }[] }).items.map((item) => item.id)).toContain(id);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit?.action).toBe('offer.created');
    // Not public until approved.
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/operations?limit=100', headers: buyer });
    expect((catalogue.json() as { data: { id: string }[] }).data.map((item) => item.id)).not.toContain(id);
  });

  it('defaults an empty title to the product name and origin country, in the request language', async () => {
    const id = await createValid({ title: '', titleEn: '' });
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row?.title).toBe('Café verde - Colombia');
    expect(row?.titleEn).toBeNull();
  });

  it('refuses missing fields and broken rules with translated field errors, and stores nothing', async () => {
    const before = await t.db.select({ id: operations.id }).from(operations);
    const cases: [Partial<OfferRequest>, string, string][] = [
      [{ productName: '' }, 'productName', 'Este campo es requerido'],
      [{ totalTons: -5 }, 'totalTons', 'Debe ser mayor que 0'],
      [{ priceUsd: -1 }, 'priceUsd', 'El precio mínimo es $1 por tonelada'],
      [{ minVolume: 25, totalTons: 20 }, 'minVolume', 'El volumen mínimo no puede superar el volumen total'],
      [{ totalTons: 22 }, 'totalTons', 'Usa múltiplos de 5 toneladas'],
      [
        { expectedDeparture: isoDateInDays(40), expectedArrival: isoDateInDays(35) },
        'expectedArrival',
        'La llegada no puede ser anterior a la salida',
      ],
      [{ deadline: isoDateInDays(-1) }, 'deadline', 'La fecha límite no puede estar en el pasado'],
      [{ originCountry: 'UY' as never }, 'originCountry', 'Este campo es requerido'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send('POST', '/api/offers', seller, buildOfferRequest(overrides));
      expect(response.statusCode, field).toBe(400);
      const body = response.json() as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields[field], field).toBe(message);
    }
    const english = await send(
      'POST',
      '/api/offers',
      { ...seller, 'accept-language': 'en' },
      buildOfferRequest({ minVolume: 25 }),
    );
    expect((english.json() as { error: { fields: Record<string, string> } }).error.fields.minVolume).toBe(
      'The minimum volume cannot exceed the total volume',
    );
    const after = await t.db.select({ id: operations.id }).from(operations);
    expect(after.length).toBe(before.length);
  });

  it('is only for KYC-approved sellers', async () => {
    expect((await send('POST', '/api/offers', buyer, buildOfferRequest())).statusCode).toBe(403);
    const refused = await send('POST', '/api/offers', pending, buildOfferRequest());
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('KYC_REQUIRED');
    const anonymous = await send('POST', '/api/offers', { origin: 'http://localhost:80' }, buildOfferRequest());
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a photo (JPEG, PNG, WebP) and a PDF sheet; the photo is private until approval', async () => {
    const id = await createValid({}, [
      { field: 'image', name: 'cafe.webp', bytes: WEBP_BYTES },
      { field: 'spec', name: 'ficha.pdf', bytes: PDF_BYTES },
    ]);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row?.imagePath).toMatch(new RegExp(`^/api/offers/${id}/image\\?v=[0-9a-f-]{36}\\.webp$`));
    const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, row!.productSpecId!));
    expect(spec).toMatchObject({ version: '1.0', mimeType: 'application/pdf', fileName: 'ficha.pdf' });

    const own = await t.app.inject({ method: 'GET', url: row!.imagePath!, headers: seller });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: row!.imagePath!, headers: buyer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: row!.imagePath! })).statusCode).toBe(404);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/approve`,
      headers: admin,
      payload: { revision: row!.revision },
    });
    expect(approve.statusCode).toBe(200);
    const open = await t.app.inject({ method: 'GET', url: row!.imagePath! });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('public');
    // The detail page's spec download serves the offer's own sheet, named after the product.
    const sheet = await t.app.inject({ method: 'GET', url: `/api/operations/${id}/spec`, headers: buyer });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('Caf');
    expect(sheet.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses spoofed, unsupported and oversized files without creating the offer', async () => {
    const before = (await t.db.select({ id: operations.id }).from(operations)).length;
    const cases: [FilePart, number][] = [
      [{ field: 'image', name: 'photo.png', bytes: HTML_BYTES }, 415],
      [{ field: 'image', name: 'photo.gif', bytes: GIF_BYTES }, 415],
      [{ field: 'image', name: 'photo.png', bytes: JPEG_BYTES }, 415],
      [{ field: 'image', name: 'photo.png', bytes: PDF_BYTES }, 415],
      [{ field: 'spec', name: 'ficha.pdf', bytes: PNG_BYTES }, 415],
      [{ field: 'spec', name: 'ficha.png', bytes: PDF_BYTES }, 415],
      [
        { field: 'image', name: 'big.png', bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(OFFER_IMAGE_MAX_BYTES)]) },
        413,
      ],
    ];
    for (const [file, status] of cases) {
      const response = await send('POST', '/api/offers', seller, buildOfferRequest(), [file]);
      expect(response.statusCode, file.name).toBe(status);
    }
    expect((await t.db.select({ id: operations.id }).from(operations)).length).toBe(before);
  });
});

describe('money that would round to zero or overflow', () => {
  /** Prices no deal may carry, and the field message each gets (es). */
  const BAD_PRICES: [unknown, string][] = [
    [1e-9, 'El precio mínimo es $1 por tonelada'],
    ['1e-9', 'El precio mínimo es $1 por tonelada'],
    [0.5, 'El precio mínimo es $1 por tonelada'],
    [0.999, 'El precio mínimo es $1 por tonelada'],
    [-0, 'El precio mínimo es $1 por tonelada'],
    [1.000000001, 'Usa como máximo dos decimales'],
    [4300.125, 'Usa como máximo dos decimales'],
    [1e308, 'El valor es demasiado grande'],
    [10_000_000.01, 'El valor es demasiado grande'],
    [Number.MAX_SAFE_INTEGER, 'El valor es demasiado grande'],
    ['1e309', 'Este campo es requerido'],
  ];

  it('refuses them at creation with a translated field message, and stores nothing', async () => {
    const before = (await t.db.select({ id: operations.id }).from(operations)).length;
    for (const [priceUsd, message] of BAD_PRICES) {
      const response = await send('POST', '/api/offers', seller, { ...buildOfferRequest(), priceUsd });
      expect(response.statusCode, String(priceUsd)).toBe(400);
      expect(response.json(), String(priceUsd)).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { priceUsd: message } },
      });
    }
    const huge = await send(
      'POST',
      '/api/offers',
      seller,
      buildOfferRequest({ totalTons: 1e9, maxPerParticipantTons: 10 }),
    );
    expect(huge.json()).toMatchObject({ error: { fields: { totalTons: 'El valor es demasiado grande' } } });
    expect((await t.db.select({ id: operations.id }).from(operations)).length).toBe(before);
  });

  it('refuses them on edit and keeps the stored price; $1 a ton is the least a deal can cost', async () => {
    const id = await createValid();
    for (const [priceUsd, message] of BAD_PRICES) {
      const response = await send('PUT', `/api/offers/${id}`, seller, { ...buildOfferRequest(), priceUsd });
      expect(response.statusCode, String(priceUsd)).toBe(400);
      expect(response.json(), String(priceUsd)).toMatchObject({ error: { fields: { priceUsd: message } } });
    }
    const [stored] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(stored?.pricePerTonCents).toBe(520_050);
    const cheapest = await send('PUT', `/api/offers/${id}`, seller, buildOfferRequest({ priceUsd: 1 }));
    expect(cheapest.statusCode, cheapest.body).toBe(200);
    const [edited] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(edited?.pricePerTonCents).toBe(100);
  });

  it('refuses an order or a place in line for more tons than any deal has', async () => {
    const featured = demoOperationId(FEATURED_OPERATION_KEY);
    for (const volume of [1e9, Number.MAX_SAFE_INTEGER, 1e21]) {
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/operations/${featured}/orders`,
        headers: buyer,
        payload: {
          volume,
          paymentMethod: 'wire',
          idempotencyKey: '8d3c1f0a-2b4e-4c6d-9e8f-0a1b2c3d4e5f',
          termsVersion: TERMS_VERSION,
        },
      });
      expect(order.statusCode, String(volume)).toBe(400);
      expect(order.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});

describe('editing and withdrawing', () => {
  it('edits a pending offer with the same schema, and refuses once approved', async () => {
    const id = await createValid();
    const bad = await send('PUT', `/api/offers/${id}`, seller, buildOfferRequest({ minVolume: 30 }));
    expect(bad.statusCode).toBe(400);
    const ok = await send(
      'PUT',
      `/api/offers/${id}`,
      seller,
      buildOfferRequest({ totalTons: 30, title: 'Nuevo título' }),
      [{ field: 'image', name: 'foto.png', bytes: PNG_BYTES }],
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/offers/${id}`, headers: seller });
    expect(detail.json()).toMatchObject({ values: { totalTons: 30, title: 'Nuevo título', priceUsd: 5200.5 } });
    expect((detail.json() as { offer: SellerOffer }).offer.imageUrl).toMatch(/\.png$/);

    // Someone else's offer does not exist for them.
    const other = await signIn(t, 'exportadora.pampa@tradeops.demo').catch(() => null);
    if (other) {
      const foreign = await send('PUT', `/api/offers/${id}`, other, buildOfferRequest());
      expect([403, 404]).toContain(foreign.statusCode);
    }

    // The edit above made the offer's second revision.
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/approve`,
      headers: admin,
      payload: { revision: 2 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const late = await send('PUT', `/api/offers/${id}`, seller, buildOfferRequest());
    expect(late.statusCode).toBe(409);
    expect((late.json() as { error: { code: string } }).error.code).toBe('OFFER_NOT_EDITABLE');
  });

  it('withdraws an offer nobody takes part in; refuses one with participants', async () => {
    const id = await createValid();
    const withdraw = await t.app.inject({
      method: 'POST',
      url: `/api/offers/${id}/withdraw`,
      headers: seller,
      payload: {},
    });
    expect(withdraw.statusCode).toBe(200);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row?.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/offers/${id}/withdraw`,
      headers: seller,
      payload: {},
    });
    expect(again.statusCode).toBe(409);

    const featured = demoOperationId(FEATURED_OPERATION_KEY);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/offers/${featured}/withdraw`,
      headers: seller,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'OFFER_HAS_PARTICIPANTS',
        message: 'No puedes retirar esta oferta: hay compradores participando en ella.',
      },
    });
    const [featuredRow] = await t.db.select().from(operations).where(eq(operations.id, featured));
    expect(featuredRow?.status).toBe('active');
  });

  it('serialises concurrent withdrawals and an approval racing an edit (row lock)', async () => {
    const id = await createValid();
    const withdrawals = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: `/api/offers/${id}/withdraw`, headers: seller, payload: {} }),
      ),
    );
    expect(withdrawals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.filter((row) => row.action === 'offer.withdrawn')).toHaveLength(1);

    const raced = await createValid();
    const [edit, approve] = await Promise.all([
      send('PUT', `/api/offers/${raced}`, seller, buildOfferRequest({ title: 'Carrera' })),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/offer-reviews/${raced}/approve`,
        headers: admin,
        payload: { revision: 1 },
      }),
    ]);
    // Exactly one wins: the approval of the version reviewed (the edit then finds it no longer
    // editable), or the edit (the approval then names an old revision and publishes nothing).
    expect([edit.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, raced));
    if (approve.statusCode === 200) {
      expect(row).toMatchObject({ reviewStatus: 'approved', status: 'active', title: 'Café verde de Colombia' });
      expect(edit.json()).toMatchObject({ error: { code: 'OFFER_NOT_EDITABLE' } });
    } else {
      expect(row).toMatchObject({ reviewStatus: 'pending', status: 'pending', title: 'Carrera', revision: 2 });
      expect(approve.json()).toMatchObject({ error: { code: 'OFFER_CHANGED' } });
    }
  });

  it('lists the seller’s offers and an offer’s participants with payment and escrow state', async () => {
    const { items: offers } = await readAllPages<SellerOffer>(t.app, '/api/offers/mine', seller);
    const featured = offers.find((offer) => offer.id === demoOperationId(FEATURED_OPERATION_KEY));
    expect(featured).toMatchObject({ allocatedTons: 10, totalTons: 25, participants: 2, canWithdraw: false });
    expect(featured!.escrowHeldCents).toBe(2 * 5 * 430_000);

    const participants = await t.app.inject({
      method: 'GET',
      url: `/api/offers/${featured!.id}/participants`,
      headers: seller,
    });
    const rows = (participants.json() as { items: { volume: number; paymentStatus: string; escrowState: string }[] })
      .items;
    expect(rows).toHaveLength(2);
    expect(
      rows.every((row) => row.volume === 5 && row.paymentStatus === 'confirmed' && row.escrowState === 'held'),
    ).toBe(true);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/offers/${featured!.id}/participants`,
      headers: buyer,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('approval binds to the revision the admin reviewed', () => {
  interface ReviewItem {
    id: string;
    priceUsd: number;
    revision: number;
  }
  async function reviewItem(id: string): Promise<ReviewItem> {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/offer-reviews', headers: admin });
    const item = (list.json() as { items: ReviewItem[] }).items.find((row) => row.id === id);
    expect(item).toBeDefined();
    return item!;
  }

  it('refuses to publish an offer edited after the admin saw it (409, nothing published), then approves the new revision', async () => {
    const id = await createValid({ priceUsd: 1000 });
    const seen = await reviewItem(id);
    expect(seen).toMatchObject({ priceUsd: 1000, revision: expect.any(Number) });
    // The seller edits the price after the admin looked at it.
    const edit = await send('PUT', `/api/offers/${id}`, seller, buildOfferRequest({ priceUsd: 95_000 }));
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/approve`,
      headers: admin,
      payload: { revision: seen.revision },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({ error: { code: 'OFFER_CHANGED', message: expect.stringContaining('modificó') } });
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      reviewStatus: 'pending',
      approvedAt: null,
      pricePerTonCents: 9_500_000,
    });
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).some(
        (entry) => entry.action === 'operation.approved',
      ),
    ).toBe(false);
    // A stale rejection is refused the same way.
    const staleReject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/reject`,
      headers: admin,
      payload: { reason: 'Precio fuera de mercado', revision: seen.revision },
    });
    expect(staleReject.statusCode).toBe(409);
    expect(staleReject.json()).toMatchObject({ error: { code: 'OFFER_CHANGED' } });

    // The queue shows the new version; approving that one publishes it.
    const fresh = await reviewItem(id);
    expect(fresh).toMatchObject({ priceUsd: 95_000, revision: seen.revision + 1 });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/approve`,
      headers: admin,
      payload: { revision: fresh.revision },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [published] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(published).toMatchObject({ status: 'active', reviewStatus: 'approved', pricePerTonCents: 9_500_000 });
  });

  it('requires the revision on approve and reject', async () => {
    const id = await createValid();
    for (const [url, payload] of [
      [`/api/admin/offer-reviews/${id}/approve`, {}],
      [`/api/admin/offer-reviews/${id}/reject`, { reason: 'No' }],
      [`/api/admin/offer-reviews/${id}/approve`, { revision: 0 }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: admin, payload });
      expect(response.statusCode, url).toBe(400);
    }
    const [row] = await t.db.select().from(operations).where(eq(operations.id, id));
    expect(row?.reviewStatus).toBe('pending');
  });
});

describe('the offer review under its paths before issue 26 (/api/admin/kyc/operations)', () => {
  it('still lists, rejects and approves offers there, and the OpenAPI document marks those paths deprecated', async () => {
    const rejected = await createValid({ title: 'Por la ruta anterior' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/operations', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json() as { items: { id: string; revision: number }[] }).items.find(
      (row) => row.id === rejected,
    );
    expect(item).toBeDefined();
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/operations/${rejected}/reject`,
      headers: admin,
      payload: { reason: 'Falta la ficha técnica', revision: item!.revision },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, rejected));
    expect(row).toMatchObject({ reviewStatus: 'rejected', reviewRejectionReason: 'Falta la ficha técnica' });

    const approved = await createValid();
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/operations/${approved}/approve`,
      headers: admin,
      payload: { revision: 1 },
    });
    expect(approve.statusCode, approve.body).toBe(200);

    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    };
    for (const [path, method] of [
      ['/api/admin/kyc/operations', 'get'],
      ['/api/admin/kyc/operations/{operationId}/approve', 'post'],
      ['/api/admin/kyc/operations/{operationId}/reject', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.deprecated, path).toBe(true);
    }
    expect(document.paths['/api/admin/offer-reviews']?.get?.deprecated).toBeFalsy();
  });
});

describe("a seller's new deal says what is true of it", () => {
  async function approve(id: string) {
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/offer-reviews', headers: admin });
    const item = (queue.json() as { items: { id: string; revision: number }[] }).items.find((row) => row.id === id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/offer-reviews/${id}/approve`,
      headers: admin,
      payload: { revision: item!.revision },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const detail = async (id: string, lang: 'es' | 'en') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${id}`,
      headers: { ...buyer, 'x-lang': lang },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      specification: string | null;
      specSheet: { version: string } | null;
      partners: unknown[];
      badges: string[];
    };
  };

  it('keeps the specification line in both languages, names the uploaded sheet, has no partners and no unproven badge', async () => {
    const id = await createValid(
      {
        specification: 'Excelso, malla 15+, humedad máx. 12%',
        specificationEn: 'Excelso, screen 15+, moisture max. 12%',
      },
      [{ field: 'spec', name: 'ficha.pdf', bytes: PDF_BYTES }],
    );
    await approve(id);
    expect(await detail(id, 'es')).toMatchObject({
      specification: 'Excelso, malla 15+, humedad máx. 12%',
      specSheet: { version: '1.0' },
      partners: [],
      badges: ['verified_seller', 'escrow_protected'],
    });
    expect((await detail(id, 'en')).specification).toBe('Excelso, screen 15+, moisture max. 12%');
    const form = await t.app.inject({ method: 'GET', url: `/api/offers/${id}`, headers: seller });
    expect(form.json()).toMatchObject({
      values: {
        specification: 'Excelso, malla 15+, humedad máx. 12%',
        specificationEn: 'Excelso, screen 15+, moisture max. 12%',
      },
    });

    // Volume is verified once the goods passed the platform's inspection on arrival, not before.
    await t.db.insert(operationMilestones).values({
      operationId: id,
      kind: 'inspection',
      occurredAt: new Date(),
      result: 'passed',
    });
    expect((await detail(id, 'es')).badges).toEqual(['verified_seller', 'verified_volume', 'escrow_protected']);
  });

  it('leaves the specification line out when the seller wrote none (the sheet speaks for it)', async () => {
    const id = await createValid({}, [{ field: 'spec', name: 'ficha.pdf', bytes: PDF_BYTES }]);
    await approve(id);
    expect(await detail(id, 'en')).toMatchObject({ specification: null, specSheet: { version: '1.0' } });
  });

  it("names offers in the admin's language in the review queue and in the operations list", async () => {
    const id = await createValid();
    const queue = async (lang: 'es' | 'en') => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/offer-reviews',
        headers: { ...admin, 'x-lang': lang },
      });
      return (response.json() as { items: { id: string; title: string }[] }).items.find((row) => row.id === id)?.title;
    };
    expect(await queue('es')).toBe('Café verde de Colombia');
    expect(await queue('en')).toBe('Colombian green coffee');
    await approve(id);
    const list = async (lang: 'es' | 'en') => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/operations',
        headers: { ...admin, 'x-lang': lang },
      });
      return (response.json() as { items: { id: string; title: string }[] }).items.find((row) => row.id === id)?.title;
    };
    expect(await list('es')).toBe('Café verde de Colombia');
    expect(await list('en')).toBe('Colombian green coffee');
  });
});
