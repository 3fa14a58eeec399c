import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LIFECYCLE_DOCUMENT_MAX_BYTES, UPLOAD_MAX_BYTES, todayIsoDate } from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { createOpenOperation, placeOrder } from '../test/deals';
import { PDF_BYTES } from '../test/kyc-files';
import { MILESTONE_UPLOAD_LIMITS } from '../modules/lifecycle/milestone.routes';
import { buildOfferRequest } from '@tradeops/shared/testing';
import { changedTables, checksumTables, listBusinessTables } from '../test/table-checksum';
import { type TestApp, createTestApp, signIn } from '../test/test-app';

/**
 * Malformed multipart bodies against every upload route (KYC documents, payment proofs, offer
 * image/spec sheet, milestone documents): a truncated body, a missing or foreign boundary, too
 * many parts or fields, a file over the limit, a file name with control characters, a field
 * value with a NUL byte. Each answers 400/413 in our error shape and stores nothing — no row,
 * no file. Before, busboy's parse errors answered 500.
 */

interface Part {
  name: string;
  /** A file part when set: the raw Content-Disposition filename parameter(s). */
  filename?: string;
  body: Buffer | string;
}

function partsBody(
  parts: Part[],
  boundary = `----upload${randomUUID().slice(0, 8)}`,
): { payload: Buffer; boundary: string } {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; ${part.filename}`}\r\n${part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n`,
      'utf8',
    ),
    typeof part.body === 'string' ? Buffer.from(part.body, 'utf8') : part.body,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), boundary };
}

interface UploadRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  headers: () => Record<string, string>;
  /** The route's valid text fields, around which the file goes. */
  fields: () => Part[];
  fileField: string;
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** The code of an empty body where it is not the usual one (a route whose fields are all optional). */
  emptyBodyCode?: string;
  /** A text field whose value goes to the database, with a NUL byte in it. */
  nulField?: () => Part[];
}

interface Case {
  name: string;
  payload: Buffer | string;
  contentType: string;
  status: number;
  code: string;
}

function casesFor(route: UploadRoute): Case[] {
  const file = (filename: string, body: Buffer = PDF_BYTES): Part => ({
    name: route.fileField,
    filename,
    body,
  });
  const good = partsBody([...route.fields(), file('filename="documento.pdf"')]);
  const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  const bad = (name: string, parts: Part[], status: number, code: string): Case => {
    const body = partsBody(parts);
    return { name, payload: body.payload, contentType: type(body.boundary), status, code };
  };
  const cases: Case[] = [
    {
      name: 'a body cut inside the file',
      payload: good.payload.subarray(0, good.payload.length - 40),
      contentType: type(good.boundary),
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'a body cut inside a part header',
      payload: good.payload.subarray(0, good.boundary.length + 20),
      contentType: type(good.boundary),
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'a boundary the body does not use',
      payload: good.payload,
      contentType: type('not-the-boundary'),
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'no boundary',
      payload: good.payload,
      contentType: 'multipart/form-data',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      // No part at all: no file (or, where the route has fields, none of its required fields).
      name: 'an empty body',
      payload: '',
      contentType: type(good.boundary),
      status: 400,
      code: route.emptyBodyCode ?? (route.maxFields > 0 ? 'VALIDATION_FAILED' : 'BAD_REQUEST'),
    },
    {
      name: 'JSON instead of multipart',
      payload: '{}',
      contentType: 'application/json',
      status: 400,
      code: 'BAD_REQUEST',
    },
    bad(
      'one file too many',
      [...route.fields(), ...Array.from({ length: route.maxFiles + 1 }, (_, i) => file(`filename="parte-${i}.pdf"`))],
      413,
      'PAYLOAD_TOO_LARGE',
    ),
    bad(
      'one field too many',
      [
        ...route.fields(),
        ...Array.from({ length: route.maxFields + 1 }, (_, i) => ({ name: `extra${i}`, body: 'x' })),
        file('filename="documento.pdf"'),
      ],
      413,
      'PAYLOAD_TOO_LARGE',
    ),
    bad(
      'a file over the limit',
      [
        ...route.fields(),
        file(
          'filename="grande.pdf"',
          Buffer.concat([PDF_BYTES, Buffer.alloc(route.maxFileBytes + 1 - PDF_BYTES.length)]),
        ),
      ],
      413,
      'PAYLOAD_TOO_LARGE',
    ),
    bad(
      'a NUL byte in the file name',
      [...route.fields(), file('filename="doc\u0000umento.pdf"')],
      400,
      'INVALID_FILE_NAME',
    ),
    bad(
      'a control character in the file name',
      [...route.fields(), file('filename="doc\u0001umento.pdf"')],
      400,
      'INVALID_FILE_NAME',
    ),
    bad(
      'a NUL byte in an RFC 5987 file name',
      [...route.fields(), file("filename*=UTF-8''doc%00umento.pdf")],
      400,
      'INVALID_FILE_NAME',
    ),
  ];
  if (route.maxFields > 0) {
    cases.push(
      bad(
        'a field sent twice',
        [...route.fields(), ...route.fields(), file('filename="documento.pdf"')],
        route.fields().length * 2 > route.maxFields ? 413 : 400,
        route.fields().length * 2 > route.maxFields ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      ),
    );
  }
  if (route.nulField) {
    cases.push(
      bad(
        'a NUL byte in a field value',
        [...route.nulField(), file('filename="documento.pdf"')],
        400,
        'VALIDATION_FAILED',
      ),
    );
  }
  return cases;
}

async function countStoredFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('malformed uploads', () => {
  let t: TestApp;
  let businessTables: string[];
  const headers: Record<string, Record<string, string>> = {};
  let orderId = '';
  let offerId = '';

  beforeAll(async () => {
    t = await createTestApp();
    businessTables = await listBusinessTables(t.db);
    for (const [role, email] of [
      ['pending', 'pendiente@tradeops.demo'],
      ['buyer', 'comprador@tradeops.demo'],
      ['seller', 'vendedor@tradeops.demo'],
      ['admin', 'admin@tradeops.demo'],
    ] as const) {
      headers[role] = await signIn(t, email);
    }
    const operation = await createOpenOperation(t.db);
    orderId = (await placeOrder(t.app, headers.buyer!, operation.id, 5)).id;
    const offer = partsBody([{ name: 'data', body: JSON.stringify(buildOfferRequest()) }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: { ...headers.seller, 'content-type': `multipart/form-data; boundary=${offer.boundary}` },
      payload: offer.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    offerId = (created.json() as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const offerFields = () => [{ name: 'data', body: JSON.stringify(buildOfferRequest()) }];
  const routes: UploadRoute[] = [
    {
      name: 'KYC document',
      method: 'POST',
      url: () => '/api/kyc/documents/government_id',
      headers: () => headers.pending!,
      fields: () => [{ name: 'issuedOn', body: '2024-01-15' }],
      fileField: 'file',
      maxFileBytes: UPLOAD_MAX_BYTES,
      maxFiles: 1,
      // The document's dates: issuedOn, expiresOn, holderBirthDate (all optional: no file is what is missing).
      maxFields: 3,
      emptyBodyCode: 'BAD_REQUEST',
    },
    {
      name: 'payment proof',
      method: 'POST',
      url: () => `/api/orders/${orderId}/proof`,
      headers: () => headers.buyer!,
      fields: () => [],
      fileField: 'file',
      maxFileBytes: UPLOAD_MAX_BYTES,
      maxFiles: 1,
      maxFields: 0,
    },
    {
      name: 'new offer spec sheet',
      method: 'POST',
      url: () => '/api/offers',
      headers: () => headers.seller!,
      fields: offerFields,
      fileField: 'spec',
      maxFileBytes: UPLOAD_MAX_BYTES,
      maxFiles: 2,
      maxFields: 1,
      nulField: () => [{ name: 'data', body: JSON.stringify(buildOfferRequest({ productName: 'Cacao\u0000fino' })) }],
    },
    {
      name: 'offer edit spec sheet',
      method: 'PUT',
      url: () => `/api/offers/${offerId}`,
      headers: () => headers.seller!,
      fields: offerFields,
      fileField: 'spec',
      maxFileBytes: UPLOAD_MAX_BYTES,
      maxFiles: 2,
      maxFields: 1,
      nulField: () => [{ name: 'data', body: JSON.stringify(buildOfferRequest({ description: 'Cacao\u0000fino' })) }],
    },
    {
      name: 'milestone document',
      method: 'POST',
      url: () => `/api/admin/operations/${demoOperationId(FEATURED_OPERATION_KEY)}/milestones/shipment_preparation`,
      headers: () => headers.admin!,
      fields: () => [{ name: 'occurredAt', body: todayIsoDate() }],
      fileField: 'document',
      maxFileBytes: LIFECYCLE_DOCUMENT_MAX_BYTES,
      maxFiles: 1,
      // The step's date, notes and result, and its details (vessel, voyage, containers, ETA, measured weight…).
      maxFields: MILESTONE_UPLOAD_LIMITS.fields,
      nulField: () => [
        { name: 'occurredAt', body: todayIsoDate() },
        { name: 'notes', body: 'Contenedor\u0000listo' },
      ],
    },
  ];

  for (const route of routes) {
    it(`answers every malformed ${route.name} upload with 400/413 and stores nothing`, async () => {
      const storageDir = join(t.dataDir, 'storage');
      const before = await checksumTables(t.db, businessTables);
      const filesBefore = await countStoredFiles(storageDir);
      const answers: string[] = [];
      const expected: string[] = [];
      for (const probe of casesFor(route)) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url(),
          headers: { ...route.headers(), 'content-type': probe.contentType },
          payload: probe.payload,
        });
        const body = response.json() as {
          error?: { code?: string; message?: string; fields?: Record<string, string> };
        };
        answers.push(`${probe.name}: ${response.statusCode} ${body.error?.code}`);
        expected.push(`${probe.name}: ${probe.status} ${probe.code}`);
        if (probe.name === 'a NUL byte in a field value') {
          expect(Object.values(body.error?.fields ?? {})).toEqual(['El texto contiene caracteres no permitidos']);
        }
        expect(body.error?.message, probe.name).toBeTruthy();
      }
      expect(answers).toEqual(expected);
      expect(changedTables(before, await checksumTables(t.db, businessTables))).toEqual([]);
      expect(await countStoredFiles(storageDir)).toBe(filesBefore);
    });
  }
});
