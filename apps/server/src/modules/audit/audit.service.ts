import { type AppTransaction } from '../../db/client';
import { auditLog } from '../../db/schema';

/** What one row of the audit log says: who did what to which record, and why. */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  reason?: string | null;
  data?: Record<string, unknown>;
}

/** One row of the audit log: who did what to which record, and why. */
export async function writeAudit(tx: AppTransaction, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, [entry]);
}

/** Several rows of the audit log in one statement (a batch of orders), in the given order. */
export async function writeAudits(tx: AppTransaction, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      reason: entry.reason ?? null,
      data: entry.data ?? {},
    })),
  );
}
