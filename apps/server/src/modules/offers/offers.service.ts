import { randomUUID } from 'node:crypto';
import {
  type Language,
  OFFER_IMAGE_MAX_BYTES,
  OFFER_IMAGE_MIME_TYPES,
  type OfferDetail,
  type OfferParticipant,
  type OfferValues,
  type Page,
  type PageQuery,
  type SellerOffer,
  UPLOAD_MAX_BYTES,
  centsToUsd,
  defaultOfferTitle,
  toIsoDate,
  usdToCents,
  pickTradeTerms,
} from '@tradeops/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { orders, operations, productSpecs, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD, checkUploadedFile } from '../../plugins/multipart';
import { translate } from '../../plugins/i18n';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage, type StoredObject } from '../../plugins/storage/storage';
import { getEscrowHeldByOperation, getEscrowStates } from '../escrow/read-escrow.service';
import { writeAudit } from '../audit/audit.service';
import { assertOfferAllowed } from '../compliance/compliance-gates.service';
import { pickTitle } from '../operations/operations.service';
import { lockOperation, transition, updateOperationFields } from '../operations/operation-aggregate';

/*
 * Sellers' offers (spec §5 offer form): an offer is an operation a seller
 * created; it starts pending (status and review) and waits in the admins'
 * queue (admin_kyc_review). While it waits the seller may edit it; it can be
 * withdrawn (cancelled) as long as no buyer holds tons in it.
 */

type OperationRow = typeof operations.$inferSelect;

export interface OfferFiles {
  image?: { fileName: string; bytes: Buffer };
  spec?: { fileName: string; bytes: Buffer };
}

interface Deps {
  db: AppDatabase;
  storage: Storage;
  log: FastifyBaseLogger;
}

interface CheckedImage {
  key: string;
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

interface CheckedSpec {
  key: string;
  bytes: Buffer;
  fileName: string;
}

/** A product photo: JPEG, PNG or WebP by its bytes, agreeing with its extension, at most 5 MB. */
export function checkImage(operationId: string, file: { fileName: string; bytes: Buffer }): CheckedImage {
  const type = checkUploadedFile(file, IMAGE_UPLOAD, { maxBytes: OFFER_IMAGE_MAX_BYTES });
  return {
    key: `${operationId}/${randomUUID()}.${type}`,
    bytes: file.bytes,
    mimeType: OFFER_IMAGE_MIME_TYPES[type],
    fileName: sanitizeFileName(file.fileName, `product.${type}`),
  };
}

/** A specification sheet: a PDF by its bytes and its name, at most UPLOAD_MAX_BYTES. */
export function checkSpec(operationId: string, file: { fileName: string; bytes: Buffer }): CheckedSpec {
  checkUploadedFile(file, DOCUMENT_UPLOAD, { maxBytes: UPLOAD_MAX_BYTES, accepts: (type) => type === 'pdf' });
  return {
    key: `offers/${operationId}/${randomUUID()}.pdf`,
    bytes: file.bytes,
    fileName: sanitizeFileName(file.fileName, 'specification.pdf'),
  };
}

/**
 * The address of an offer's photo. `v` is the stored file's name (`<uuid>.<ext>`):
 * it changes with each new photo, so caches never serve an old one, and it
 * names the object in the `operation-images` bucket (`<operation id>/<v>`).
 */
export function offerImageUrl(operationId: string, key: string): string {
  return `/api/offers/${operationId}/image?v=${key.slice(key.lastIndexOf('/') + 1)}`;
}

const IMAGE_FILE = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** The storage key behind an uploaded photo's path; null for a bundled image (e.g. '/images/ops/…'). */
export function imageKeyOf(row: Pick<OperationRow, 'id' | 'imagePath'>): string | null {
  const prefix = `/api/offers/${row.id}/image?v=`;
  if (!row.imagePath?.startsWith(prefix)) return null;
  const file = row.imagePath.slice(prefix.length);
  return IMAGE_FILE.test(file) ? `${row.id}/${file}` : null;
}

/** product_specs holds one sheet per product name; an offer's own sheet is keyed to the offer. */
function offerSpecProductName(operationId: string, productName: string): string {
  return `${productName} [offer ${operationId}]`;
}

function columnsFrom(values: OfferValues, lang: Language) {
  const title =
    values.title ?? defaultOfferTitle(values.productName, translate(lang, `countries.${values.originCountry}`));
  return {
    title,
    titleEn: values.titleEn ?? null,
    description: values.description,
    descriptionEn: values.descriptionEn ?? null,
    productName: values.productName,
    productCategory: values.productCategory,
    type: values.type,
    originCountry: values.originCountry,
    destinationCountry: values.destinationCountry,
    arrivalPort: values.arrivalPort,
    specification: values.specification ?? null,
    specificationEn: values.specificationEn ?? null,
    totalTons: values.totalTons,
    minVolume: values.minVolume,
    maxPerParticipantTons: values.maxPerParticipantTons,
    pricePerTonCents: usdToCents(values.priceUsd),
    // The deadline is the end of its day (UTC): buyers can join all through it.
    deadline: new Date(`${values.deadline}T23:59:59.999Z`),
    expectedDeparture: values.expectedDeparture,
    expectedArrival: values.expectedArrival,
    tradeTerms: pickTradeTerms(values),
  };
}

async function putFiles(storage: Storage, image: CheckedImage | null, spec: CheckedSpec | null) {
  if (image) {
    await storage.put('operation-images', image.key, image.bytes, {
      contentType: image.mimeType,
      fileName: image.fileName,
    });
  }
  if (spec)
    await storage.put('specs', spec.key, spec.bytes, { contentType: 'application/pdf', fileName: spec.fileName });
}

async function removeFiles(storage: Storage, image: CheckedImage | null, spec: CheckedSpec | null) {
  if (image) await storage.delete('operation-images', image.key).catch(() => undefined);
  if (spec) await storage.delete('specs', spec.key).catch(() => undefined);
}

/** Points the offer at its new sheet: one product_specs row per offer, its version counting replacements. */
async function upsertOfferSpec(tx: AppTransaction, operation: OperationRow, spec: CheckedSpec) {
  const productName = offerSpecProductName(operation.id, operation.productName);
  const [current] = operation.productSpecId
    ? await tx.select().from(productSpecs).where(eq(productSpecs.id, operation.productSpecId))
    : [];
  if (current && current.productName === productName) {
    const version = `${(Number.parseInt(current.version, 10) || 1) + 1}.0`;
    await tx
      .update(productSpecs)
      .set({ fileKey: spec.key, fileName: spec.fileName, sizeBytes: spec.bytes.length, version, updatedAt: new Date() })
      .where(eq(productSpecs.id, current.id));
    return { specId: current.id, previousKey: current.fileKey };
  }
  const [row] = await tx
    .insert(productSpecs)
    .values({
      productName,
      fileKey: spec.key,
      fileName: spec.fileName,
      mimeType: 'application/pdf',
      sizeBytes: spec.bytes.length,
      version: '1.0',
    })
    .returning({ id: productSpecs.id });
  await updateOperationFields(tx, operation.id, { productSpecId: row!.id });
  return { specId: row!.id, previousKey: null };
}

/**
 * Creates the offer as `pending` / review `pending` (spec §4), with its photo
 * and specification sheet when given. Files are checked before anything is
 * written, stored first, and removed again if the transaction fails.
 */
export async function createOffer(
  deps: Deps,
  auth: AuthContext,
  values: OfferValues,
  files: OfferFiles,
  lang: Language,
): Promise<{ id: string }> {
  const id = randomUUID();
  const image = files.image ? checkImage(id, files.image) : null;
  const spec = files.spec ? checkSpec(id, files.spec) : null;
  await putFiles(deps.storage, image, spec);
  try {
    await deps.db.transaction(async (tx) => {
      await assertOfferAllowed(tx, auth.user.id, values);
      const [operation] = await tx
        .insert(operations)
        .values({
          id,
          ...columnsFrom(values, lang),
          imagePath: image ? offerImageUrl(id, image.key) : null,
          status: 'pending',
          kycStatus: 'pending',
          sellerId: auth.user.id,
        })
        .returning();
      if (spec) await upsertOfferSpec(tx, operation!, spec);
      await writeAudit(tx, {
        actorId: auth.user.id,
        action: 'offer.created',
        entityType: 'operation',
        entityId: id,
        data: { title: operation!.title, totalTons: values.totalTons, pricePerTonCents: operation!.pricePerTonCents },
      });
    });
  } catch (error) {
    await removeFiles(deps.storage, image, spec);
    throw error;
  }
  return { id };
}

/** The caller's own offer (admins may read any); anyone else hears NOT_FOUND. */
async function findOwnOffer(db: Queryable, auth: AuthContext, id: string, options: { write?: boolean } = {}) {
  const [row] = await db.select().from(operations).where(eq(operations.id, id)).limit(1);
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  const isOwner = row.sellerId === auth.user.id;
  if (!isOwner && (options.write || !auth.isAdmin)) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

/** An offer can be edited while it waits for review (or after a rejection, which sends it back to the queue). */
function canEdit(row: Pick<OperationRow, 'status' | 'kycStatus'>): boolean {
  return row.status === 'pending' || (row.status === 'rejected' && row.kycStatus === 'rejected');
}

/** An offer can be withdrawn before shipping starts (the service also requires no live order). */
function canWithdrawStatus(row: Pick<OperationRow, 'status'>): boolean {
  return row.status === 'pending' || row.status === 'active' || row.status === 'rejected';
}

/**
 * Edits a pending offer with the same schema as creation. The row lock and the
 * status condition make an approval and an edit of the same offer serialise:
 * an offer approved meanwhile is no longer editable (CONFLICT).
 */
export async function updateOffer(
  deps: Deps,
  auth: AuthContext,
  id: string,
  values: OfferValues,
  files: OfferFiles,
  lang: Language,
): Promise<void> {
  const existing = await findOwnOffer(deps.db, auth, id, { write: true });
  if (!canEdit(existing)) throw new AppError('OFFER_NOT_EDITABLE');
  const image = files.image ? checkImage(id, files.image) : null;
  const spec = files.spec ? checkSpec(id, files.spec) : null;
  await putFiles(deps.storage, image, spec);
  let oldKeys: { image: string | null; spec: string | null };
  try {
    oldKeys = await deps.db.transaction(async (tx) => {
      const locked = await lockOperation(tx, id);
      if (!locked || locked.sellerId !== auth.user.id) throw new AppError('OPERATION_NOT_FOUND');
      if (!canEdit(locked)) throw new AppError('OFFER_NOT_EDITABLE');
      await assertOfferAllowed(tx, auth.user.id, values);
      const now = new Date();
      const fields = {
        ...columnsFrom(values, lang),
        ...(image ? { imagePath: offerImageUrl(id, image.key) } : {}),
        kycStatus: 'pending' as const,
        kycRejectReason: null,
        // A new version: an admin's decision on the previous one is refused (OFFER_CHANGED).
        revision: sql`${operations.revision} + 1`,
        updatedAt: now,
      };
      // An edited rejected offer goes back to the admins' queue (resubmit); a pending one stays pending.
      const updated =
        locked.status === 'rejected'
          ? await transition(tx, locked, 'resubmit', {
              actorId: auth.user.id,
              now,
              action: 'offer.resubmitted',
              fields,
            })
          : await updateOperationFields(tx, id, fields);
      const specChange = spec ? await upsertOfferSpec(tx, updated, spec) : null;
      await writeAudit(tx, {
        actorId: auth.user.id,
        action: 'offer.updated',
        entityType: 'operation',
        entityId: id,
        data: {
          title: updated.title,
          revision: updated.revision,
          imageReplaced: Boolean(image),
          specReplaced: Boolean(spec),
        },
      });
      return {
        image: image ? imageKeyOf(locked) : null,
        spec: specChange?.previousKey ?? null,
      };
    });
  } catch (error) {
    await removeFiles(deps.storage, image, spec);
    throw error;
  }
  if (oldKeys.image) {
    await deps.storage.delete('operation-images', oldKeys.image).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'could not remove a replaced offer photo');
    });
  }
  if (oldKeys.spec) await deps.storage.delete('specs', oldKeys.spec).catch(() => undefined);
}

/**
 * Withdraws an offer: cancelled, in one transaction under the operation's row
 * lock, only while no buyer holds tons in it (a live order refuses it).
 */
export async function withdrawOffer(db: AppDatabase, auth: AuthContext, id: string): Promise<void> {
  await findOwnOffer(db, auth, id, { write: true });
  await db.transaction(async (tx) => {
    const locked = await lockOperation(tx, id);
    if (!locked || locked.sellerId !== auth.user.id) throw new AppError('OPERATION_NOT_FOUND');
    if (!canWithdrawStatus(locked)) throw new AppError('OFFER_NOT_WITHDRAWABLE');
    const [live] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.operationId, id), eq(orders.status, 'active')));
    if ((live?.n ?? 0) > 0 || locked.allocatedTons > 0) throw new AppError('OFFER_HAS_PARTICIPANTS');
    await transition(tx, locked, 'cancel', {
      actorId: auth.user.id,
      action: 'offer.withdrawn',
      data: { previousStatus: locked.status },
    });
  });
}

const SELLER_OFFERS_KEYSET: Keyset = { at: operations.createdAt, id: operations.id, order: 'desc', idIsUuid: true };

/** The seller's offers, newest first, a page at a time with how many there are, with live participants and escrow held. */
export async function listSellerOffers(
  db: Queryable,
  sellerId: string,
  lang: Language,
  page: PageQuery,
): Promise<Page<SellerOffer>> {
  const [rows, [all]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(SELLER_OFFERS_KEYSET), row: operations })
      .from(operations)
      .where(and(eq(operations.sellerId, sellerId), afterCursor(SELLER_OFFERS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(SELLER_OFFERS_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(operations).where(eq(operations.sellerId, sellerId)),
  ]);
  const kept = rows.slice(0, page.limit);
  const offers = await toSellerOffers(
    db,
    kept.map(({ row }) => row),
    lang,
  );
  return toPage(
    rows,
    page,
    ({ cursorAt, row }) => ({ at: cursorAt, id: row.id }),
    all?.n ?? 0,
    () => offers,
  );
}

async function toSellerOffers(db: Queryable, rows: OperationRow[], lang: Language): Promise<SellerOffer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Counted per operation from the partial index of live orders (an index-only scan), not row by row.
  const participantRows = await db
    .select({ operationId: orders.operationId, n: count() })
    .from(orders)
    .where(and(inArray(orders.operationId, ids), eq(orders.status, 'active')))
    .groupBy(orders.operationId);
  // What each operation's escrow account holds: its maintained balance, not a sum over its orders' ledger entries.
  const held = await getEscrowHeldByOperation(db, ids);
  const live = new Map<string, number>();
  for (const row of participantRows) live.set(row.operationId, row.n);
  return rows.map((row) => {
    const participants = live.get(row.id) ?? 0;
    return {
      id: row.id,
      title: pickTitle(row, lang),
      productName: row.productName,
      originCountry: row.originCountry,
      destinationCountry: row.destinationCountry,
      status: row.status,
      reviewStatus: row.kycStatus,
      reviewRejectReason: row.kycStatus === 'rejected' ? row.kycRejectReason : null,
      totalTons: row.totalTons,
      allocatedTons: row.allocatedTons,
      pricePerTonCents: row.pricePerTonCents,
      participants,
      escrowHeldCents: held.get(row.id) ?? 0,
      imageUrl: row.imagePath,
      hasSpecSheet: row.productSpecId !== null,
      deadline: row.deadline ? row.deadline.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      canEdit: canEdit(row),
      canWithdraw: canWithdrawStatus(row) && participants === 0 && row.allocatedTons === 0,
    };
  });
}

/** One offer with its form values, for the edit form. */
export async function getOfferDetail(
  db: Queryable,
  auth: AuthContext,
  id: string,
  lang: Language,
): Promise<OfferDetail> {
  const row = await findOwnOffer(db, auth, id);
  const [offer] = await toSellerOffers(db, [row], lang);
  return {
    offer: offer!,
    values: {
      productName: row.productName,
      productCategory: row.productCategory,
      type: row.type,
      title: row.title,
      titleEn: row.titleEn,
      description: row.description,
      descriptionEn: row.descriptionEn,
      originCountry: row.originCountry,
      destinationCountry: row.destinationCountry,
      arrivalPort: row.arrivalPort ?? '',
      specification: row.specification,
      specificationEn: row.specificationEn,
      totalTons: row.totalTons,
      minVolume: row.minVolume,
      maxPerParticipantTons: row.maxPerParticipantTons ?? row.totalTons,
      priceUsd: centsToUsd(row.pricePerTonCents),
      deadline: row.deadline ? toIsoDate(row.deadline) : '',
      expectedDeparture: row.expectedDeparture ?? '',
      expectedArrival: row.expectedArrival ?? '',
      ...row.tradeTerms,
    },
  };
}

/** Who takes part in an offer: company, tons, payment and escrow state (every order, live ones first). */
export async function listOfferParticipants(db: Queryable, auth: AuthContext, id: string): Promise<OfferParticipant[]> {
  await findOwnOffer(db, auth, id);
  const rows = await db
    .select({
      id: orders.id,
      companyName: profiles.companyName,
      volume: orders.volume,
      amountCents: orders.amountCents,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.operationId, id))
    .orderBy(sql`case when ${orders.status} = 'active' then 0 else 1 end`, orders.createdAt)
    .limit(500);
  const escrow = await getEscrowStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    escrowState: escrow.get(row.id)?.state ?? 'none',
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * An offer's photo. Once an admin approved the operation the photo is public
 * (like the catalogue card it illustrates); before that only its seller and
 * admins see it.
 */
export async function openOfferImage(
  db: Queryable,
  storage: Storage,
  auth: AuthContext | null,
  id: string,
): Promise<{ file: StoredObject; isPublic: boolean }> {
  const [row] = await db
    .select({
      id: operations.id,
      sellerId: operations.sellerId,
      kycStatus: operations.kycStatus,
      imagePath: operations.imagePath,
    })
    .from(operations)
    .where(eq(operations.id, id))
    .limit(1);
  if (!row?.imagePath) throw new AppError('NOT_FOUND');
  const isPublic = row.kycStatus === 'approved';
  if (!isPublic && !(auth && (auth.isAdmin || auth.user.id === row.sellerId))) throw new AppError('NOT_FOUND');
  const key = imageKeyOf(row);
  const file = key ? await storage.get('operation-images', key) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return { file, isPublic };
}
