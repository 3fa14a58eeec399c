import { type AppTransaction } from '../../db/client';
import { auditLog } from '../../db/schema';

/** One row of the audit log: who did what to which record, and why. */
export async function writeAudit(
  tx: AppTransaction,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    reason?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    reason: entry.reason ?? null,
    data: entry.data ?? {},
  });
}
