import { type AllocationLimits } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { orders, type operations } from '../../db/schema';

type OperationRow = typeof operations.$inferSelect;

/** Tons a buyer holds in live orders of an operation (the per-participant cap counts them all). */
export async function getHeldByBuyerTons(db: Queryable, operationId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ tons: sql<number>`coalesce(sum(${orders.volume}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.operationId, operationId), eq(orders.userId, userId), eq(orders.status, 'active')));
  return Number(row?.tons ?? 0);
}

/** An operation's figures as the shared allocation rules take them, for a buyer holding `heldByBuyerTons`. */
export function limitsOf(operation: OperationRow, heldByBuyerTons: number): AllocationLimits {
  return {
    totalTons: operation.totalTons,
    allocatedTons: operation.allocatedTons,
    minVolumeTons: operation.minVolume,
    maxPerParticipantTons: operation.maxPerParticipantTons,
    lotStepTons: operation.lotStepTons,
    heldByBuyerTons,
  };
}
