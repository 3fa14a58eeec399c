// A deal's document checklist (issue 28, item 3): per commodity and Incoterm, an admin setting with built-in
// defaults, and the gate a missing or rejected document puts on a step or on the release of escrow.
import {
  type ChecklistItem,
  type ChecklistTemplate,
  type ChecklistTemplatesRequest,
  type ChecklistTemplatesResponse,
  type TradeDocumentGate,
  ZChecklistTemplate,
  defaultChecklistTemplates,
  missingDocumentsFor,
  resolveChecklist,
} from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { operationDocuments, platformSettings } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { type OperationRow } from '../operations/operation-aggregate';

/** The platform_settings key of the checklist templates. */
export const CHECKLIST_SETTING_KEY = 'document_checklists';

/** The admin's saved templates; a malformed stored value counts as none (the defaults apply). */
export async function getChecklistTemplates(db: Queryable): Promise<ChecklistTemplate[]> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, CHECKLIST_SETTING_KEY));
  const parsed = z.array(ZChecklistTemplate).safeParse(row?.value ?? []);
  return parsed.success ? parsed.data : [];
}

export async function getChecklistSettings(db: Queryable): Promise<ChecklistTemplatesResponse> {
  return { templates: await getChecklistTemplates(db), defaults: defaultChecklistTemplates() };
}

/** Saves every template at once, audited with the old and new value. */
export async function saveChecklistSettings(
  db: AppDatabase,
  admin: AuthContext,
  body: ChecklistTemplatesRequest,
): Promise<ChecklistTemplatesResponse> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ value: platformSettings.value })
      .from(platformSettings)
      .where(eq(platformSettings.key, CHECKLIST_SETTING_KEY))
      .for('update');
    await tx
      .insert(platformSettings)
      .values({ key: CHECKLIST_SETTING_KEY, value: body.templates, updatedBy: admin.user.id })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: body.templates, updatedBy: admin.user.id, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'settings.updated',
      entityType: 'platform_setting',
      entityId: CHECKLIST_SETTING_KEY,
      data: { before: current?.value ?? null, after: body.templates },
    });
  });
  return getChecklistSettings(db);
}

/** The Incoterm a deal's checklist is chosen by: its trade terms' (decision 021). */
export function operationIncoterm(operation: OperationRow): string | null {
  return operation.tradeTerms?.incoterm ?? null;
}

export async function checklistFor(db: Queryable, operation: OperationRow): Promise<ChecklistItem[]> {
  return resolveChecklist(await getChecklistTemplates(db), operation.productCategory, operationIncoterm(operation));
}

/**
 * Refuses (409 TRADE_DOCUMENT_MISSING, naming the first) a step or a release while a document its
 * checklist gates on it is missing or rejected. Runs under the operation's lock, beside the step.
 */
export async function assertDocumentsFor(
  tx: AppTransaction,
  operation: OperationRow,
  gate: TradeDocumentGate,
): Promise<void> {
  const checklist = await checklistFor(tx, operation);
  const documents = await tx
    .select({ kind: operationDocuments.kind, status: operationDocuments.status })
    .from(operationDocuments)
    .where(eq(operationDocuments.operationId, operation.id));
  const [missing] = missingDocumentsFor(checklist, documents, gate);
  if (missing) {
    const rejected = documents.some((d) => d.kind === missing && d.status === 'rejected');
    throw new AppError(rejected ? 'TRADE_DOCUMENT_REJECTED' : 'TRADE_DOCUMENT_MISSING', { document: missing });
  }
}
