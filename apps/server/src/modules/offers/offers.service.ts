import { randomUUID } from 'node:crypto';
import { type Language, type OfferValues, defaultOfferTitle, usdToCents, pickTradeTerms } from '@tradeops/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { orders, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { translate } from '../../plugins/i18n';
import { type Storage } from '../../plugins/storage/storage';
import { writeAudit } from '../audit/audit.service';
import { assertOfferAllowed } from '../compliance/compliance-gates.service';
import { lockOperation, transition, updateOperationFields } from '../operations/operation-aggregate';
import {
  type OfferFiles,
  checkImage,
  checkSpec,
  imageKeyOf,
  offerImageUrl,
  putFiles,
  removeFiles,
  upsertOfferSpec,
} from './offer-files.service';
import { canEdit, canWithdrawStatus, findOwnOffer } from './offer-rules';

/*
 * Sellers' offers (spec §5 offer form): an offer is an operation a seller
 * created; it starts pending (status and review) and waits in the admins'
 * queue (admin_offer_review). While it waits the seller may edit it; it can be
 * withdrawn (cancelled) as long as no buyer holds tons in it.
 */

interface Deps {
  db: AppDatabase;
  storage: Storage;
  log: FastifyBaseLogger;
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
          reviewStatus: 'pending',
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
        reviewStatus: 'pending' as const,
        reviewRejectionReason: null,
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
