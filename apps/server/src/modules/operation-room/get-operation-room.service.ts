import {
  type OperationRoomLive,
  type OperationRoomResponse,
  type Language,
  availableTons,
  computeOutstanding,
} from '@tradeops/shared';
import { and, desc, eq } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { orders, operations } from '../../db/schema';
import { getEscrowStates, getPayoutDates } from '../escrow/read-escrow.service';
import { getDisputeWindow, getLatestDispute } from '../lifecycle/dispute-records.service';
import { listMilestoneTimeline } from '../lifecycle/milestones.service';
import { pickTitle } from '../operations/operations.service';
import { type Viewer, loadOperationRoomOperation } from './operation-room.service';

/* What an operation room shows: its figures, timeline and what it still needs, and the viewer's own order. */

export async function getOperationRoom(
  db: AppDatabase,
  viewer: Viewer,
  operationId: string,
  lang: Language,
): Promise<OperationRoomResponse> {
  const { operation, role } = await loadOperationRoomOperation(db, viewer, operationId);
  const [liveOrders, milestoneRows, [latest]] = await Promise.all([
    selectLiveOrders(db, operationId),
    listMilestoneTimeline(db, operationId),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.operationId, operationId), eq(orders.userId, viewer.user.id)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
  ]);
  const [escrowStates, payoutDates, dispute, disputeWindow] = await Promise.all([
    getEscrowStates(db, latest ? [latest.id] : []),
    getPayoutDates(db, latest ? [latest.id] : []),
    getLatestDispute(db, operationId),
    getDisputeWindow(db, viewer.user.id, operation),
  ]);
  const escrow = latest ? escrowStates.get(latest.id) : undefined;
  const paidOutAt = latest ? payoutDates.get(latest.id) : undefined;
  const shared = sharedRoomParts(operation, liveOrders, milestoneRows, viewer.user.id);
  return {
    operation: {
      id: operation.id,
      title: pickTitle(operation, lang),
      productName: operation.productName,
      originCountry: operation.originCountry,
      destinationCountry: operation.destinationCountry,
      arrivalPort: operation.arrivalPort,
      ...shared.operation,
      expectedDeparture: operation.expectedDeparture,
      expectedArrival: operation.expectedArrival,
    },
    milestones: shared.milestones,
    order: latest
      ? {
          id: latest.id,
          volume: latest.volume,
          amountCents: latest.amountCents,
          paymentMethod: latest.paymentMethod,
          paymentStatus: latest.paymentStatus,
          status: latest.status,
          escrowState: escrow?.state ?? 'none',
          notificationsEnabled: latest.notificationsEnabled,
          createdAt: latest.createdAt.toISOString(),
          confirmedAt: latest.confirmedAt?.toISOString() ?? null,
          refundedCents: escrow?.refundedCents ?? 0,
          releasedCents: escrow?.releasedCents ?? 0,
          paidOutAt: paidOutAt?.toISOString() ?? null,
        }
      : null,
    viewerRole: role,
    dispute,
    disputeWindow,
    outstanding: { ...shared.outstanding, mine: shared.mine },
  };
}

function selectLiveOrders(db: Queryable, operationId: string) {
  return db
    .select({
      userId: orders.userId,
      volume: orders.volume,
      amountCents: orders.amountCents,
      paymentStatus: orders.paymentStatus,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(and(eq(orders.operationId, operationId), eq(orders.status, 'active')));
}

/** The room's figures, timeline and what it still needs, the same for every viewer, plus `viewerId`'s own unpaid share. */
function sharedRoomParts(
  operation: typeof operations.$inferSelect,
  liveOrders: Awaited<ReturnType<typeof selectLiveOrders>>,
  milestoneRows: Awaited<ReturnType<typeof listMilestoneTimeline>>,
  viewerId: string,
): OperationRoomLive & { mine: OperationRoomResponse['outstanding']['mine'] } {
  const outstanding = computeOutstanding({
    status: operation.status,
    totalTons: operation.totalTons,
    allocatedTons: operation.allocatedTons,
    pricePerTonCents: operation.pricePerTonCents,
    deadline: operation.deadline,
    orders: liveOrders,
    viewerId,
  });
  return {
    operation: {
      status: operation.status,
      totalTons: operation.totalTons,
      allocatedTons: operation.allocatedTons,
      availableTons: availableTons(operation),
      participants: new Set(liveOrders.map((order) => order.userId)).size,
    },
    milestones: milestoneRows.map((row) => ({
      kind: row.kind,
      occurredAt: row.occurredAt.toISOString(),
      result: row.result,
      hasDocument: row.documentKey !== null,
      recordedBy: row.recordedBy,
    })),
    outstanding: {
      openTons: outstanding.openTons,
      fillBy: outstanding.fillBy?.toISOString() ?? null,
      unpaidTons: outstanding.unpaidTons,
      unpaidAmountCents: outstanding.unpaidAmountCents,
      nextHoldExpiry: outstanding.nextHoldExpiry?.toISOString() ?? null,
    },
    mine: outstanding.mine && {
      unpaidTons: outstanding.mine.unpaidTons,
      unpaidAmountCents: outstanding.mine.unpaidAmountCents,
      expiresAt: outstanding.mine.expiresAt?.toISOString() ?? null,
    },
  };
}

/** What every viewer of the room sees alike (ZOperationRoomLive), or null when the operation is gone. */
export async function getOperationRoomLive(db: Queryable, operationId: string): Promise<OperationRoomLive | null> {
  const [[operation], liveOrders, milestoneRows] = await Promise.all([
    db.select().from(operations).where(eq(operations.id, operationId)).limit(1),
    selectLiveOrders(db, operationId),
    listMilestoneTimeline(db, operationId),
  ]);
  if (!operation) return null;
  return sharedRoomParts(operation, liveOrders, milestoneRows, '');
}
