import { TRADE_DOCUMENT_KINDS, computeTotalCents, isoDateInDays } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { operationDocuments, orders, operations } from '../db/schema';
import { demoUserId } from '../seed/demo-accounts';
import { demoOperationId } from '../seed/demo-operations';
import { recordDeposit } from '../modules/escrow/escrow.service';
import { PDF_BYTES } from './kyc-files';
import { type TestApp } from './test-app';

export const BOUNDARY = '----tradeops-lifecycle';

/** A multipart body with text fields and an optional `document` file part. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A date `days` before today, as the step form sends it (YYYY-MM-DD). */
export function daysAgo(days: number): string {
  return isoDateInDays(-days);
}

/** A bill of lading (or any step's document): a small valid PDF. */
export const BILL = { name: 'bill-of-lading.pdf', bytes: PDF_BYTES };

/**
 * Fills a seeded 20 t deal with two buyers' confirmed, deposited orders (as the order and payment flows
 * would): funded when every order is paid, allocated while one is still in verification. Its trade
 * documents stand as provided (grandfathered rows, no file) unless `documents: false`: the checklist's
 * gates are the business of the trade-documents tests.
 */
export async function fillOperation(
  t: TestApp,
  key: string,
  options: { confirmAll?: boolean; documents?: boolean } = {},
): Promise<string[]> {
  const operationId = demoOperationId(key);
  const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
  const buyers = [demoUserId('comprador'), demoUserId('importadora-andina')];
  const ids: string[] = [];
  await t.db.transaction(async (tx) => {
    for (const [index, userId] of buyers.entries()) {
      const volume = operation!.totalTons / 2;
      const isConfirmed = options.confirmAll !== false || index === 0;
      const [row] = await tx
        .insert(orders)
        .values({
          operationId,
          userId,
          volume,
          amountCents: computeTotalCents(operation!.pricePerTonCents, volume),
          paymentMethod: 'wire',
          paymentStatus: isConfirmed ? 'confirmed' : 'verification',
          paymentReference: `TO-LC-${key}-${index}`.toUpperCase(),
          confirmedAt: isConfirmed ? new Date() : null,
        })
        .returning({ id: orders.id });
      ids.push(row!.id);
      if (isConfirmed) await recordDeposit(tx, row!.id, null);
    }
    await tx
      .update(operations)
      .set({ allocatedTons: operation!.totalTons, status: options.confirmAll === false ? 'allocated' : 'funded' })
      .where(eq(operations.id, operationId));
    if (options.documents !== false) {
      await tx
        .insert(operationDocuments)
        .values(TRADE_DOCUMENT_KINDS.map((kind) => ({ operationId, kind, grandfathered: true })))
        .onConflictDoNothing();
    }
  });
  return ids;
}

/** Records a deal's step as `headers` (an admin's session, or someone refused): POST /api/admin/operations/:id/milestones/:step, multipart. */
export function recordStep(
  t: TestApp,
  headers: Record<string, string>,
  operationId: string,
  name: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/operations/${operationId}/milestones/${name}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fields, file),
  });
}

/** Uploads one of a deal's documents as `headers`: POST /api/operations/:id/documents/:kind, multipart. */
export function uploadDocument(
  t: TestApp,
  headers: Record<string, string>,
  operationId: string,
  kind: string,
  file: { name: string; bytes: Buffer } = { name: `${kind}.pdf`, bytes: PDF_BYTES },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operations/${operationId}/documents/${kind}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart({}, file),
  });
}

/** Records a step through the partner area as `headers` (a logistics partner's or an inspector's session). */
export function recordPartnerStep(
  t: TestApp,
  headers: Record<string, string>,
  operationId: string,
  name: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/partner/operations/${operationId}/milestones/${name}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fields, file),
  });
}
