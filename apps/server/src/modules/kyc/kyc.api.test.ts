import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  KYC_DOCUMENT_TYPE_LIST,
  type KycDocumentType,
  type KycStatusResponse,
  UPLOAD_MAX_BYTES,
} from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, onboardingStatus, profiles, userDocuments } from '../../db/schema';
import { GIF_BYTES, HTML_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES, multipartBody } from '../../test/kyc-files';
import {
  type TestApp,
  createTestApp,
  sameOriginHeaders,
  signIn,
  signUpCompany,
  createTestAppAsAdmin,
} from '../../test/test-app';

function upload(
  t: TestApp,
  headers: Record<string, string>,
  documentType: string,
  fileName: string,
  bytes: Buffer,
  extraHeaders: Record<string, string> = {},
) {
  // A proof of address is sent with its issue date (required); a recent one.
  const fields: Record<string, string> =
    documentType === 'proof_address' ? { issuedOn: new Date().toISOString().slice(0, 10) } : {};
  const body = multipartBody(fileName, bytes, 'application/octet-stream', 'file', fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/kyc/documents/${documentType}`,
    headers: { ...headers, ...body.headers, ...extraHeaders },
    payload: body.payload,
  });
}

const VALID_FILES: Record<KycDocumentType, [string, Buffer]> = {
  government_id: ['cedula.png', PNG_BYTES],
  incorporation_cert: ['acta.pdf', PDF_BYTES],
  proof_address: ['recibo luz.jpg', JPEG_BYTES],
  bank_reference: ['banco.pdf', PDF_BYTES],
  tax_certificate: ['rut.pdf', PDF_BYTES],
};

async function uploadAll(t: TestApp, headers: Record<string, string>) {
  for (const type of KYC_DOCUMENT_TYPE_LIST) {
    const [name, bytes] = VALID_FILES[type];
    const response = await upload(t, headers, type, name, bytes);
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** Uploads the five documents and sends them to compliance review (the stepper's one Continue). */
async function submitAll(t: TestApp, headers: Record<string, string>) {
  await uploadAll(t, headers);
  const sent = await t.app.inject({ method: 'POST', url: '/api/kyc/onboarding/continue', headers });
  expect(sent.statusCode, sent.body).toBe(200);
}

async function getStatus(t: TestApp, headers: Record<string, string>): Promise<KycStatusResponse> {
  const response = await t.app.inject({ method: 'GET', url: '/api/kyc', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = join(t.dataDir, 'storage', 'documents');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function documentRows(t: TestApp, userId: string) {
  return t.db.select().from(userDocuments).where(eq(userDocuments.userId, userId));
}

describe('KYC documents (owner side)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts a new company at step 1 with five pending documents', async () => {
    const { headers } = await signUpCompany(t);
    const status = await getStatus(t, headers);
    expect(status.kycStatus).toBe('pending');
    expect(status.onboarding).toEqual({ currentStep: 1, status: 'in_progress' });
    expect(status.documents.map((d) => [d.documentType, d.status])).toEqual(
      KYC_DOCUMENT_TYPE_LIST.map((type) => [type, 'pending']),
    );
  });

  it('stores an upload under <user>/<type>/<uuid>.<ext> with the sanitised original name as metadata', async () => {
    const { headers, userId } = await signUpCompany(t);
    const response = await upload(t, headers, 'incorporation_cert', 'Acta: constitutiva*2024.PDF', PDF_BYTES);
    expect(response.statusCode, response.body).toBe(200);
    const { document } = response.json() as { document: { status: string; fileName: string; mimeType: string } };
    expect(document).toMatchObject({
      status: 'uploaded',
      fileName: 'Acta_ constitutiva_2024.PDF',
      mimeType: 'application/pdf',
    });
    const [row] = await documentRows(t, userId);
    expect(row?.storageKey).toMatch(new RegExp(`^${userId}/incorporation_cert/[0-9a-f-]{36}\\.pdf$`));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.map((entry) => entry.action)).toEqual(['kyc.document.uploaded']);
  });

  it('replaces an uploaded document and removes the old file', async () => {
    const { headers, userId } = await signUpCompany(t);
    await upload(t, headers, 'government_id', 'id.pdf', PDF_BYTES);
    const [before] = await documentRows(t, userId);
    const response = await upload(t, headers, 'government_id', 'id.png', PNG_BYTES);
    expect(response.statusCode).toBe(200);
    const [after] = await documentRows(t, userId);
    expect(after?.id).toBe(before?.id);
    expect(after?.storageKey).not.toBe(before?.storageKey);
    expect(await t.storage.exists('documents', before!.storageKey!)).toBe(false);
    expect(await t.storage.exists('documents', after!.storageKey!)).toBe(true);
  });

  describe('refuses bad uploads, changing nothing', () => {
    let owner: { headers: Record<string, string>; userId: string };
    beforeAll(async () => {
      owner = await signUpCompany(t);
      await upload(t, owner.headers, 'government_id', 'original.pdf', PDF_BYTES);
    });

    const cases: [string, string, string, () => Buffer, number, string][] = [
      ['a type no document accepts (GIF)', 'government_id', 'foto.gif', () => GIF_BYTES, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['HTML named .pdf', 'government_id', 'fake.pdf', () => HTML_BYTES, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        'an image where only PDF is allowed',
        'incorporation_cert',
        'acta.png',
        () => PNG_BYTES,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an extension that lies about the content (PNG named .pdf)',
        'government_id',
        'id.pdf',
        () => PNG_BYTES,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an extension that lies about the content (PDF named .jpg)',
        'government_id',
        'id.jpg',
        () => PDF_BYTES,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an oversize file',
        'government_id',
        'big.pdf',
        () => Buffer.concat([PDF_BYTES, Buffer.alloc(UPLOAD_MAX_BYTES)]),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['a zero-byte file', 'government_id', 'empty.pdf', () => Buffer.alloc(0), 400, 'FILE_EMPTY'],
      [
        'a path-traversal file name',
        'government_id',
        '../../../etc/passwd.pdf',
        () => PDF_BYTES,
        400,
        'INVALID_FILE_NAME',
      ],
      [
        'a Windows path-traversal file name',
        'government_id',
        '..\\..\\boot.pdf',
        () => PDF_BYTES,
        400,
        'INVALID_FILE_NAME',
      ],
      [
        'a double extension ending in .exe',
        'government_id',
        'id.pdf.exe',
        () => PDF_BYTES,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a double extension hiding HTML',
        'government_id',
        'id.pdf.html',
        () => HTML_BYTES,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['an unknown document type', 'passport', 'p.pdf', () => PDF_BYTES, 400, 'VALIDATION_FAILED'],
      ['a traversal in the document type', '..%2F..%2Fsecrets', 'p.pdf', () => PDF_BYTES, 400, 'VALIDATION_FAILED'],
    ];

    it.each(cases)('%s', async (_label, type, name, makeBytes, status, code) => {
      const rowsBefore = await documentRows(t, owner.userId);
      const filesBefore = await storedFiles(t);
      const response = await upload(t, owner.headers, type, name, makeBytes());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
      expect(await documentRows(t, owner.userId)).toEqual(rowsBefore);
      expect(await storedFiles(t)).toEqual(filesBefore);
    });

    it('answers in the caller language', async () => {
      const response = await upload(t, owner.headers, 'government_id', 'foto.gif', GIF_BYTES, {
        'accept-language': 'en',
      });
      expect(response.json()).toMatchObject({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This file type is not allowed.' },
      });
    });

    it('refuses a request that is not multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/kyc/documents/government_id',
        headers: owner.headers,
        payload: { file: 'x' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('refuses visitors', async () => {
      const response = await upload(t, sameOriginHeaders(), 'government_id', 'id.pdf', PDF_BYTES);
      expect(response.statusCode).toBe(401);
    });
  });

  it("serves a document to its owner and admins only, as a sandboxed, nosniff answer; another user's is not found", async () => {
    const owner = await signUpCompany(t);
    const other = await signUpCompany(t);
    await upload(t, owner.headers, 'government_id', 'Cédula Ana.png', PNG_BYTES);
    const [row] = await documentRows(t, owner.userId);
    const url = `/api/kyc/documents/${row!.id}/file`;

    const mine = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-security-policy']).toContain("default-src 'none'");
    expect(mine.headers['content-security-policy']).toContain('sandbox');
    expect(mine.headers['content-disposition']).toBe(
      `inline; filename="Cedula Ana.png"; filename*=UTF-8''C%C3%A9dula%20Ana.png`,
    );

    const download = await t.app.inject({ method: 'GET', url: `${url}?download=1`, headers: owner.headers });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    const admin = await t.app.inject({ method: 'GET', url, headers: await signIn(t, 'admin@tradeops.demo') });
    expect(admin.statusCode).toBe(200);

    const foreign = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);

    // "Replacing" it as the other user only ever touches the other user's own document.
    const rowsBefore = await documentRows(t, owner.userId);
    const byId = await upload(t, other.headers, row!.id, 'x.pdf', PDF_BYTES);
    expect(byId.statusCode).toBe(400);
    const ownType = await upload(t, other.headers, 'government_id', 'x.pdf', PDF_BYTES);
    expect(ownType.statusCode).toBe(200);
    expect(await documentRows(t, owner.userId)).toEqual(rowsBefore);
    const again = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(again.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('sends the documents to compliance review in one Continue, only when no document is pending', async () => {
    const { headers } = await signUpCompany(t);
    const early = await t.app.inject({ method: 'POST', url: '/api/kyc/onboarding/continue', headers });
    expect(early.statusCode).toBe(400);
    await uploadAll(t, headers);
    const steps: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/kyc/onboarding/continue', headers });
      expect(response.statusCode).toBe(200);
      steps.push((response.json() as KycStatusResponse).onboarding.currentStep);
    }
    // One click sends them; the later steps are the reviewers' (a second click changes nothing).
    expect(steps).toEqual([2, 2, 2]);
    expect((await getStatus(t, headers)).onboarding).toEqual({ currentStep: 2, status: 'in_review' });
  });
});

describe('KYC review (admin side)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({
      // A probe behind the KYC gate: proves the gate opens on approval for the same session.
      extraApiRoutes: async (api) => {
        api.get('/test/kyc-probe', { config: { access: 'kyc' } }, async () => ({ ok: true }));
      },
    });
    admin = await signIn(t, 'admin@tradeops.demo');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses non-admins on every review route', async () => {
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    const company = await signUpCompany(t);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/admin/kyc/overview'],
      ['GET', '/api/admin/kyc/users'],
      ['GET', '/api/admin/offer-reviews'],
      ['POST', `/api/admin/kyc/documents/${id}/verify`],
      ['POST', `/api/admin/kyc/documents/${id}/reject`],
      ['POST', `/api/admin/kyc/users/${company.userId}/approve`],
      ['POST', `/api/admin/kyc/users/${company.userId}/reject`],
      ['POST', `/api/admin/offer-reviews/${id}/approve`],
      ['POST', `/api/admin/offer-reviews/${id}/reject`],
    ];
    for (const headers of [buyer, company.headers]) {
      for (const [method, url] of routes) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'POST' ? { payload: { reason: 'x' } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, company.userId));
    expect(profile?.kycStatus).toBe('pending');
  });

  it('lists a company in the review queue once it sends its documents, not while it is still uploading', async () => {
    const company = await signUpCompany(t);
    const isQueued = async () => {
      const queue = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
      return (queue.json() as { items: { userId: string }[] }).items.some((u) => u.userId === company.userId);
    };
    await uploadAll(t, company.headers);
    expect(await isQueued()).toBe(false);
    const sent = await t.app.inject({ method: 'POST', url: '/api/kyc/onboarding/continue', headers: company.headers });
    expect(sent.statusCode).toBe(200);
    expect(await isQueued()).toBe(true);
    // Replacing a file under review keeps the company in the queue, the new file as a new revision.
    expect((await upload(t, company.headers, 'bank_reference', 'banco-2.pdf', PDF_BYTES)).statusCode).toBe(200);
    expect(await isQueued()).toBe(true);
    expect((await getStatus(t, company.headers)).onboarding).toEqual({ currentStep: 2, status: 'in_review' });
  });

  it('takes a company from upload to approval, with audit rows, notifications and mail, and opens the gate without a new sign-in', async () => {
    const company = await signUpCompany(t);
    const probe = () => t.app.inject({ method: 'GET', url: '/api/test/kyc-probe', headers: company.headers });
    expect((await probe()).statusCode).toBe(403);
    await submitAll(t, company.headers);

    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
    const entry = (
      queue.json() as {
        items: {
          userId: string;
          revision: number;
          documents: { id: string; documentType: string; revision: number }[];
        }[];
      }
    ).items.find((item) => item.userId === company.userId);
    expect(entry?.documents).toHaveLength(5);
    const docId = (type: string) => entry!.documents.find((d) => d.documentType === type)!.id;
    const firstRevision = (type: string) => entry!.documents.find((d) => d.documentType === type)!.revision;

    // An empty reason is refused, translated.
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/documents/${docId('bank_reference')}/reject`,
      headers: admin,
      payload: { reason: '   ', revision: firstRevision('bank_reference') },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { fields: { reason: 'El motivo del rechazo es obligatorio.' } } });

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/documents/${docId('bank_reference')}/reject`,
      headers: admin,
      payload: { reason: 'La referencia tiene más de 3 meses', revision: firstRevision('bank_reference') },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const status = await getStatus(t, company.headers);
    expect(status.documents.find((d) => d.documentType === 'bank_reference')).toMatchObject({
      status: 'rejected',
      rejectReason: 'La referencia tiene más de 3 meses',
    });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, company.email))
      .orderBy(emailOutbox.createdAt);
    // After the sign-up's verification link.
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirma tu correo en TradeOps',
      'TradeOps: un documento necesita corrección',
    ]);

    // Approval needs all five verified.
    for (const type of ['government_id', 'incorporation_cert', 'proof_address', 'tax_certificate']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/kyc/documents/${docId(type)}/verify`,
        headers: admin,
        payload: { revision: firstRevision(type) },
      });
      expect(response.statusCode).toBe(200);
    }
    const tooEarly = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: admin,
      payload: { revision: entry!.revision },
    });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ error: { code: 'KYC_DOCUMENTS_INCOMPLETE' } });

    // A verified document is locked.
    const locked = await upload(t, company.headers, 'government_id', 'new.pdf', PDF_BYTES);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: { code: 'DOCUMENT_LOCKED' } });

    // The user uploads the rejected one again; the admin verifies it and approves.
    expect((await upload(t, company.headers, 'bank_reference', 'banco-2.pdf', PDF_BYTES)).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/documents/${docId('bank_reference')}/verify`,
      headers: admin,
      // The re-upload is the document's second revision.
      payload: { revision: firstRevision('bank_reference') + 1 },
    });
    expect(verified.statusCode).toBe(200);
    // All five verified: the company is at the verification step, still in the queue, waiting for the approval.
    expect((await getStatus(t, company.headers)).onboarding).toEqual({ currentStep: 3, status: 'in_review' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
    expect((ready.json() as { items: { userId: string }[] }).items.some((u) => u.userId === company.userId)).toBe(true);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: admin,
      payload: { revision: entry!.revision },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // Same cookie, no new sign-in: the gate is open.
    expect((await probe()).statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: company.headers });
    expect(session.json()).toMatchObject({ user: { kycStatus: 'approved' } });
    const after = await getStatus(t, company.headers);
    expect(after.onboarding).toEqual({ currentStep: 4, status: 'completed' });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, company.userId))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => row.action)).toEqual(['account.email_verified', 'kyc.user.approved']);
    const docAudit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.document.rejected'));
    expect(docAudit.find((row) => row.entityId === docId('bank_reference'))).toMatchObject({
      reason: 'La referencia tiene más de 3 meses',
      actorId: expect.any(String),
    });
    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, company.userId));
    expect(inbox.map((n) => n.type).sort()).toEqual(
      ['kyc.approved', 'kyc.document_rejected', ...Array(5).fill('kyc.document_verified')].sort(),
    );
    const queueAfter = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
    expect((queueAfter.json() as { items: { userId: string }[] }).items.some((u) => u.userId === company.userId)).toBe(
      false,
    );
  });

  it('rejects a company with a required reason and sends it back to the upload step', async () => {
    const company = await signUpCompany(t);
    await submitAll(t, company.headers);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/reject`,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { reason: '', revision: 1 },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { fields: { reason: 'A reason for the rejection is required.' } } });
    const [unchanged] = await t.db.select().from(profiles).where(eq(profiles.id, company.userId));
    expect(unchanged?.kycStatus).toBe('pending');

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/reject`,
      headers: admin,
      // A new company's data is at its first revision.
      payload: { reason: 'La empresa no figura en el registro mercantil', revision: 1 },
    });
    expect(response.statusCode).toBe(200);
    const status = await getStatus(t, company.headers);
    expect(status).toMatchObject({
      kycStatus: 'rejected',
      kycRejectReason: 'La empresa no figura en el registro mercantil',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, company.userId), eq(auditLog.action, 'kyc.user.rejected')));
    expect(audit?.reason).toBe('La empresa no figura en el registro mercantil');

    // A re-upload puts the company back in the queue as pending.
    await upload(t, company.headers, 'tax_certificate', 'rut-2.pdf', PDF_BYTES);
    const again = await getStatus(t, company.headers);
    expect(again.kycStatus).toBe('pending');
    const [onboarding] = await t.db.select().from(onboardingStatus).where(eq(onboardingStatus.userId, company.userId));
    expect(onboarding?.currentStep).toBe(1);
  });

  it('lists pending operations from admin_offer_review and approves or rejects them with a reason', async () => {
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/overview', headers: admin });
    expect(overview.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/offer-reviews', headers: admin });
    const items = (
      list.json() as {
        items: { id: string; sellerEmail: string; totalTons: number; priceUsd: number; revision: number }[];
      }
    ).items;
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect((overview.json() as { operationsAwaitingReview: number }).operationsAwaitingReview).toBe(items.length);
    const [first, second] = items;

    /** The admin's decision on an operation awaiting review, at the revision the list showed. */
    const decide = (item: { id: string; revision: number }, decision: 'approve' | 'reject', reason?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/offer-reviews/${item.id}/${decision}`,
        headers: admin,
        payload: { revision: item.revision, reason },
      });
    expect((await decide(first!, 'approve')).statusCode).toBe(200);
    expect((await decide(first!, 'approve')).statusCode).toBe(409);

    if (second) {
      expect((await decide(second, 'reject', ' ')).statusCode).toBe(400);
      expect((await decide(second, 'reject', 'Precio fuera de mercado')).statusCode).toBe(200);
    }
    const listAfter = await t.app.inject({ method: 'GET', url: '/api/admin/offer-reviews', headers: admin });
    expect((listAfter.json() as { items: unknown[] }).items).toHaveLength(items.length - (second ? 2 : 1));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, first!.id));
    expect(audit.map((row) => row.action)).toEqual(['operation.approved']);
  });
});

describe('KYC review decisions bind to the revision the admin reviewed', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
  afterAll(async () => {
    await t.close();
  });

  const PDF_B = Buffer.concat([PDF_BYTES, Buffer.from('% version B, replaced after the download\n', 'latin1')]);

  interface ReviewedDocument {
    id: string;
    documentType: string;
    revision: number;
    status: string;
  }
  interface ReviewedUser {
    userId: string;
    companyName: string;
    revision: number;
    documents: ReviewedDocument[];
  }

  async function reviewEntry(userId: string): Promise<ReviewedUser> {
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
    expect(queue.statusCode).toBe(200);
    const entry = (queue.json() as { items: ReviewedUser[] }).items.find((item) => item.userId === userId);
    expect(entry).toBeDefined();
    return entry!;
  }

  const decide = (url: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('refuses to verify a document replaced after the admin downloaded it (409), changes nothing, and verifies the new revision', async () => {
    const company = await signUpCompany(t);
    await submitAll(t, company.headers);
    const seen = (await reviewEntry(company.userId)).documents.find((d) => d.documentType === 'bank_reference')!;
    expect(seen.revision).toEqual(expect.any(Number));
    // The admin downloads document A…
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/documents/${seen.id}/file?download=1&revision=${seen.revision}`,
      headers: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    // …the company replaces it with B under the same id…
    expect((await upload(t, company.headers, 'bank_reference', 'banco-b.pdf', PDF_B)).statusCode).toBe(200);
    // …and "verify" names the revision the admin downloaded: refused, translated.
    const stale = await decide(`/api/admin/kyc/documents/${seen.id}/verify`, { revision: seen.revision });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      error: {
        code: 'KYC_DOCUMENT_CHANGED',
        message: expect.stringContaining('nueva versión'),
      },
    });
    const staleEn = await decide(
      `/api/admin/kyc/documents/${seen.id}/verify`,
      { revision: seen.revision },
      { ...admin, 'accept-language': 'en' },
    );
    expect(staleEn.json()).toMatchObject({
      error: { code: 'KYC_DOCUMENT_CHANGED', message: expect.stringContaining('new version') },
    });
    const [row] = await t.db.select().from(userDocuments).where(eq(userDocuments.id, seen.id));
    expect(row).toMatchObject({ status: 'uploaded', reviewedAt: null, reviewedBy: null });
    const verifiedAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, seen.id), eq(auditLog.action, 'kyc.document.verified')));
    expect(verifiedAudit).toHaveLength(0);
    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, company.userId));
    expect(inbox.filter((n) => n.type === 'kyc.document_verified')).toHaveLength(0);

    // The file of the old revision is gone: asking for it by revision says so instead of serving B.
    const oldFile = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/documents/${seen.id}/file?revision=${seen.revision}`,
      headers: admin,
    });
    expect(oldFile.statusCode).toBe(409);
    expect(oldFile.json()).toMatchObject({ error: { code: 'KYC_DOCUMENT_CHANGED' } });

    // The page refetches: the new revision, whose file is B; verifying it works.
    const fresh = (await reviewEntry(company.userId)).documents.find((d) => d.documentType === 'bank_reference')!;
    expect(fresh.id).toBe(seen.id);
    expect(fresh.revision).toBe(seen.revision + 1);
    const newFile = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/documents/${fresh.id}/file?revision=${fresh.revision}`,
      headers: admin,
    });
    expect(newFile.rawPayload.equals(PDF_B)).toBe(true);
    const ok = await decide(`/api/admin/kyc/documents/${fresh.id}/verify`, { revision: fresh.revision });
    expect(ok.statusCode, ok.body).toBe(200);
    const [verified] = await t.db.select().from(userDocuments).where(eq(userDocuments.id, seen.id));
    expect(verified?.status).toBe('verified');
  });

  it('refuses a rejection of a replaced document, and requires the revision in the request', async () => {
    const company = await signUpCompany(t);
    await submitAll(t, company.headers);
    const seen = (await reviewEntry(company.userId)).documents.find((d) => d.documentType === 'tax_certificate')!;
    expect((await upload(t, company.headers, 'tax_certificate', 'rut-b.pdf', PDF_B)).statusCode).toBe(200);
    const stale = await decide(`/api/admin/kyc/documents/${seen.id}/reject`, {
      reason: 'Ilegible',
      revision: seen.revision,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'KYC_DOCUMENT_CHANGED' } });
    const [row] = await t.db.select().from(userDocuments).where(eq(userDocuments.id, seen.id));
    expect(row).toMatchObject({ status: 'uploaded', rejectReason: null });

    for (const [url, payload] of [
      [`/api/admin/kyc/documents/${seen.id}/verify`, {}],
      [`/api/admin/kyc/documents/${seen.id}/reject`, { reason: 'Ilegible' }],
      [`/api/admin/kyc/documents/${seen.id}/verify`, { revision: 'uno' }],
      [`/api/admin/kyc/users/${company.userId}/approve`, {}],
      [`/api/admin/kyc/users/${company.userId}/reject`, { reason: 'No' }],
    ] as const) {
      const missing = await decide(url, payload);
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { revision: expect.any(String) } },
      });
    }
    const fresh = (await reviewEntry(company.userId)).documents.find((d) => d.documentType === 'tax_certificate')!;
    const rejected = await decide(`/api/admin/kyc/documents/${seen.id}/reject`, {
      reason: 'Ilegible',
      revision: fresh.revision,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('refuses to approve a company whose data changed after the admin reviewed it (409), then approves the new revision', async () => {
    const company = await signUpCompany(t);
    await submitAll(t, company.headers);
    const entry = await reviewEntry(company.userId);
    for (const document of entry.documents) {
      const response = await decide(`/api/admin/kyc/documents/${document.id}/verify`, { revision: document.revision });
      expect(response.statusCode, response.body).toBe(200);
    }
    const seen = await reviewEntry(company.userId);
    // The company renames itself (its data stays editable until the approval)…
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: company.headers,
      payload: { companyName: 'Otra Empresa Fantasma', taxId: '99-9999999-9' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // …after the admin looked: the approval names the revision they saw.
    const stale = await decide(`/api/admin/kyc/users/${company.userId}/approve`, { revision: seen.revision });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'KYC_COMPANY_CHANGED' } });
    const staleReject = await decide(`/api/admin/kyc/users/${company.userId}/reject`, {
      reason: 'No coincide',
      revision: seen.revision,
    });
    expect(staleReject.statusCode).toBe(409);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, company.userId));
    expect(profile).toMatchObject({ kycStatus: 'pending', kycReviewedAt: null });

    const fresh = await reviewEntry(company.userId);
    expect(fresh.companyName).toBe('Otra Empresa Fantasma');
    expect(fresh.revision).toBeGreaterThan(seen.revision);
    const approved = await decide(`/api/admin/kyc/users/${company.userId}/approve`, { revision: fresh.revision });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
