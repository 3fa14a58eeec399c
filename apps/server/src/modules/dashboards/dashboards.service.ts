import {
  type AdminDashboardResponse,
  type BuyerDashboardResponse,
  type BuyerKpis,
  type Language,
  PAGE_LIMIT_DEFAULT,
  type SellerDashboardResponse,
} from '@tradeops/shared';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { buyerKpis, orderVolumeByMonth, operations, sellerKpis } from '../../db/schema';
import { getEscrowHeldCents } from '../escrow/read-escrow.service';
import { countAwaitingReview } from '../kyc/list-review-queue.service';
import { listSellerOffers } from '../offers/list-seller-offers.service';
import { pickTitle } from '../operations/operations.service';
import { countPaymentsToVerify } from '../orders/list-payment-queue.service';
import { listBuyerOrders } from './list-buyer-orders.service';

/*
 * The three dashboards. Spec §8: a KPI or list that fails to load falls back
 * to zeros or an empty list (logged), so one broken figure never blanks a page.
 */

async function orFallback<T>(log: FastifyBaseLogger, what: string, fallback: T, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    log.warn({ err: error }, `dashboard: ${what} failed, showing the fallback`);
    return fallback;
  }
}

const ZERO_BUYER_KPIS: BuyerKpis = { activeOps: 0, totalVolume: 0, completedOps: 0 };

export async function getBuyerDashboard(
  db: AppDatabase,
  log: FastifyBaseLogger,
  userId: string,
  lang: Language,
): Promise<BuyerDashboardResponse> {
  const kpis = await orFallback(log, 'buyer KPIs', ZERO_BUYER_KPIS, async () => {
    const [row] = await db
      .select({
        activeOps: buyerKpis.activeOps,
        totalVolume: buyerKpis.totalVolume,
        completedOps: buyerKpis.completedOps,
      })
      .from(buyerKpis)
      .where(eq(buyerKpis.userId, userId));
    return row ?? ZERO_BUYER_KPIS;
  });
  // The newest orders (a first page); /buyer/operations pages through them all (GET /api/buyer/orders).
  const firstPage = await orFallback(log, 'buyer orders', { items: [], nextCursor: null, total: 0 }, () =>
    listBuyerOrders(db, userId, lang, { limit: PAGE_LIMIT_DEFAULT }),
  );
  return { kpis, orders: firstPage.items, ordersTotal: firstPage.total };
}

export async function getSellerDashboard(
  db: AppDatabase,
  log: FastifyBaseLogger,
  sellerId: string,
  lang: Language,
): Promise<SellerDashboardResponse> {
  const zero = { activeOffers: 0, listedVolume: 0, completedOffers: 0 };
  const kpis = await orFallback(log, 'seller KPIs', zero, async () => {
    const [row] = await db
      .select({
        activeOffers: sellerKpis.activeOffers,
        listedVolume: sellerKpis.listedVolume,
        completedOffers: sellerKpis.completedOffers,
      })
      .from(sellerKpis)
      .where(eq(sellerKpis.sellerId, sellerId));
    return row ?? zero;
  });
  // The dashboard shows the newest offers (a first page); /seller/offers pages through them all.
  const offers = await orFallback(
    log,
    'seller offers',
    [],
    async () => (await listSellerOffers(db, sellerId, lang, { limit: PAGE_LIMIT_DEFAULT })).items,
  );
  return { kpis, offers };
}

/** The first day (UTC) of the month `monthsBack` months before `now`'s. */
function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

const CHART_MONTHS = 6;
const ALLOCATION_CHART_LIMIT = 12;

export async function getAdminDashboard(
  db: AppDatabase,
  log: FastifyBaseLogger,
  lang: Language,
  now = new Date(),
): Promise<AdminDashboardResponse> {
  const overview = await orFallback(log, 'KYC and offer review queues', null, () => countAwaitingReview(db));
  // The payment queue's own count, so the figure and the queue's "N waiting" agree.
  const paymentsToVerify = await orFallback(log, 'payments to verify', 0, () => countPaymentsToVerify(db));
  const escrowHeldCents = await orFallback(log, 'escrow held', 0, () => getEscrowHeldCents(db));

  const firstMonth = monthStart(now, CHART_MONTHS - 1);
  const volumeByMonth = await orFallback(
    log,
    'volume per month',
    [] as AdminDashboardResponse['volumeByMonth'],
    async () => {
      // The rollup a trigger keeps with every order (order_volume_by_month, migration 0026), shards summed.
      const month = sql<string>`to_char(${orderVolumeByMonth.month}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          tons: sql<string>`coalesce(sum(${orderVolumeByMonth.tons}), 0)`,
          cents: sql<string>`coalesce(sum(${orderVolumeByMonth.cents}), 0)`,
        })
        .from(orderVolumeByMonth)
        .where(gte(orderVolumeByMonth.month, firstMonth.toISOString().slice(0, 10)))
        .groupBy(orderVolumeByMonth.month);
      const byMonth = new Map(rows.map((row) => [row.month, row]));
      return Array.from({ length: CHART_MONTHS }, (_, index) => {
        const key = monthStart(now, CHART_MONTHS - 1 - index)
          .toISOString()
          .slice(0, 7);
        const row = byMonth.get(key);
        return { month: key, tons: Number(row?.tons ?? 0), cents: Number(row?.cents ?? 0) };
      });
    },
  );
  const thisMonth = volumeByMonth.at(-1);

  const allocation = await orFallback(
    log,
    'allocation per operation',
    [] as AdminDashboardResponse['allocation'],
    async () => {
      const rows = await db
        .select()
        .from(operations)
        .where(
          and(eq(operations.reviewStatus, 'approved'), inArray(operations.status, ['active', 'allocated', 'funded'])),
        )
        .orderBy(desc(operations.allocatedTons), asc(operations.deadline), desc(operations.createdAt))
        .limit(ALLOCATION_CHART_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        title: pickTitle(row, lang),
        allocatedTons: row.allocatedTons,
        totalTons: row.totalTons,
      }));
    },
  );

  return {
    kpis: {
      usersAwaitingKyc: overview?.usersAwaitingReview ?? 0,
      operationsAwaitingApproval: overview?.operationsAwaitingReview ?? 0,
      paymentsToVerify,
      escrowHeldCents,
      volumeThisMonthTons: thisMonth?.tons ?? 0,
      volumeThisMonthCents: thisMonth?.cents ?? 0,
    },
    volumeByMonth,
    allocation,
  };
}
