// Partners as users (issue 28, item 4): an admin assigns logistics partner and inspector accounts to
// a deal; each sees only its deals and records its own steps there (through the lifecycle's one
// recordMilestone, hence the operation's one state table).
import {
  type Language,
  type OperationPartnersResponse,
  PARTNER_CANDIDATES_LIMIT,
  PARTNER_OPERATIONS_PAGE_SIZE,
  type PartnerOperationResponse,
  type PartnerOperationsResponse,
  type PartnerUserRole,
  isPartnerRole,
  operationTitleFor,
  partnerNextSteps,
} from '@tradeops/shared';
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { operationAssignees, operationMilestones, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { lockExistingOperation } from '../operations/operation-aggregate';
import { checklistFor } from '../lifecycle/document-checklists.service';
import { listMilestoneTimeline } from '../lifecycle/milestones.service';

/** The partner role of the caller's account, or null when it is not a partner account. */
export function callerPartnerRole(auth: AuthContext): PartnerUserRole | null {
  return isPartnerRole(auth.profile.role) ? auth.profile.role : null;
}

/** Who is assigned to a deal, and the approved partner accounts an admin may assign. */
export async function listOperationPartners(db: Queryable, operationId: string): Promise<OperationPartnersResponse> {
  const [operation] = await db
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.id, operationId))
    .limit(1);
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  const assigned = await db
    .select({
      userId: operationAssignees.userId,
      role: operationAssignees.role,
      assignedAt: operationAssignees.assignedAt,
      companyName: profiles.companyName,
    })
    .from(operationAssignees)
    .innerJoin(profiles, eq(profiles.id, operationAssignees.userId))
    .where(eq(operationAssignees.operationId, operationId))
    .orderBy(asc(operationAssignees.assignedAt));
  const candidates = await db
    .select({ userId: profiles.id, companyName: profiles.companyName, role: profiles.role })
    .from(profiles)
    .where(
      and(
        inArray(profiles.role, ['logistics', 'inspector']),
        eq(profiles.kycStatus, 'approved'),
        assigned.length > 0
          ? notInArray(
              profiles.id,
              assigned.map((a) => a.userId),
            )
          : undefined,
      ),
    )
    .orderBy(asc(profiles.companyName), asc(profiles.id))
    .limit(PARTNER_CANDIDATES_LIMIT);
  return {
    assigned: assigned.map((a) => ({
      userId: a.userId,
      companyName: a.companyName,
      role: a.role,
      assignedAt: a.assignedAt.toISOString(),
    })),
    candidates: candidates.flatMap((c) =>
      isPartnerRole(c.role) ? [{ userId: c.userId, companyName: c.companyName, role: c.role }] : [],
    ),
  };
}

/**
 * Assigns a KYC-approved logistics partner or inspector account to a deal (audited). Under the
 * operation's lock, so an assignment and a step never cross.
 */
export async function assignPartner(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  userId: string,
  now = new Date(),
): Promise<OperationPartnersResponse> {
  await db.transaction(async (tx) => {
    await lockExistingOperation(tx, operationId);
    const [profile] = await tx
      .select({ role: profiles.role, kycStatus: profiles.kycStatus })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!profile) throw new AppError('NOT_FOUND');
    if (!isPartnerRole(profile.role) || profile.kycStatus !== 'approved') {
      throw new AppError('PARTNER_ACCOUNT_REQUIRED');
    }
    const inserted = await tx
      .insert(operationAssignees)
      .values({ operationId, userId, role: profile.role, assignedBy: admin.user.id, assignedAt: now })
      .onConflictDoNothing()
      .returning({ userId: operationAssignees.userId });
    if (inserted.length === 0) return;
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'operation.partner_assigned',
      entityType: 'operation',
      entityId: operationId,
      data: { userId, role: profile.role },
    });
  });
  return listOperationPartners(db, operationId);
}

/** Ends an assignment (audited): the partner no longer sees the deal nor records on it. */
export async function unassignPartner(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  userId: string,
): Promise<OperationPartnersResponse> {
  await db.transaction(async (tx) => {
    await lockExistingOperation(tx, operationId);
    const removed = await tx
      .delete(operationAssignees)
      .where(and(eq(operationAssignees.operationId, operationId), eq(operationAssignees.userId, userId)))
      .returning({ role: operationAssignees.role });
    if (removed.length === 0) throw new AppError('NOT_FOUND');
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'operation.partner_unassigned',
      entityType: 'operation',
      entityId: operationId,
      data: { userId, role: removed[0]!.role },
    });
  });
  return listOperationPartners(db, operationId);
}

async function recordedKinds(db: Queryable, operationIds: string[]): Promise<Map<string, string[]>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db
    .select({ operationId: operationMilestones.operationId, kind: operationMilestones.kind })
    .from(operationMilestones)
    .where(inArray(operationMilestones.operationId, operationIds));
  const byOperation = new Map<string, string[]>();
  for (const row of rows) byOperation.set(row.operationId, [...(byOperation.get(row.operationId) ?? []), row.kind]);
  return byOperation;
}

/** The deals assigned to the caller, newest assignment first, a page at a time. */
export async function listPartnerOperations(
  db: Queryable,
  auth: AuthContext,
  page: number,
  lang: Language,
): Promise<PartnerOperationsResponse> {
  const role = callerPartnerRole(auth);
  const empty = { items: [], page, pageSize: PARTNER_OPERATIONS_PAGE_SIZE, total: 0 };
  if (!role) return empty;
  const mine = eq(operationAssignees.userId, auth.user.id);
  const [[totalRow], rows] = await Promise.all([
    db.select({ total: count() }).from(operationAssignees).where(mine),
    db
      .select({ operation: operations, assignedAt: operationAssignees.assignedAt })
      .from(operationAssignees)
      .innerJoin(operations, eq(operations.id, operationAssignees.operationId))
      .where(mine)
      .orderBy(desc(operationAssignees.assignedAt), asc(operations.id))
      .limit(PARTNER_OPERATIONS_PAGE_SIZE)
      .offset((page - 1) * PARTNER_OPERATIONS_PAGE_SIZE),
  ]);
  const kinds = await recordedKinds(
    db,
    rows.map((row) => row.operation.id),
  );
  return {
    items: rows.map(({ operation, assignedAt }) => ({
      id: operation.id,
      title: operationTitleFor(operation, lang),
      status: operation.status,
      destinationPort: operation.arrivalPort,
      assignedAt: assignedAt.toISOString(),
      nextSteps: partnerNextSteps(role, operation.status, kinds.get(operation.id) ?? []),
    })),
    page,
    pageSize: PARTNER_OPERATIONS_PAGE_SIZE,
    total: totalRow?.total ?? 0,
  };
}

/** One deal assigned to the caller: its steps, who recorded each, and what the caller may record now. */
export async function getPartnerOperation(
  db: Queryable,
  auth: AuthContext,
  operationId: string,
  lang: Language,
): Promise<PartnerOperationResponse> {
  const role = callerPartnerRole(auth);
  const [row] = await db
    .select({ operation: operations, role: operationAssignees.role })
    .from(operationAssignees)
    .innerJoin(operations, eq(operations.id, operationAssignees.operationId))
    .where(and(eq(operationAssignees.operationId, operationId), eq(operationAssignees.userId, auth.user.id)));
  if (!row || !role || row.role !== role) throw new AppError('PARTNER_NOT_ASSIGNED');
  const milestones = await listMilestoneTimeline(db, operationId);
  const { operation } = row;
  return {
    id: operation.id,
    title: operationTitleFor(operation, lang),
    status: operation.status,
    role,
    totalTons: operation.totalTons,
    originCountry: operation.originCountry,
    destinationPort: operation.arrivalPort,
    nextSteps: partnerNextSteps(
      role,
      operation.status,
      milestones.map((m) => m.kind),
    ),
    milestones: milestones.map((m) => ({
      kind: m.kind,
      occurredAt: m.occurredAt.toISOString(),
      result: m.result,
      notes: m.notes,
      details: m.details,
      recordedBy: m.recordedBy,
      hasDocument: m.documentKey !== null,
    })),
    documents: (await checklistFor(db, operation)).filter((item) => item.uploader === role).map((item) => item.kind),
  };
}
