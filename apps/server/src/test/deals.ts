import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  type PlaceOrderResponse,
  DAY_MS,
  type Order,
  TERMS_VERSION,
  type TradeTerms,
  defaultTradeTerms,
  isoDateInDays,
} from '@tradeops/shared';
import { type Queryable } from '../db/client';
import { orders, operationWaitlist, operations } from '../db/schema';
import { demoUserId } from '../seed/demo-accounts';

/** A test deal's trade terms: CIF La Guaira, ± 5 %, the seller insuring 110 %, shipping in 20 to 34 days. */
export function testTradeTerms(overrides: Partial<TradeTerms> = {}): TradeTerms {
  return {
    ...defaultTradeTerms({
      arrivalPort: 'La Guaira',
      destinationCountry: 'VE',
      specification: 'Regular 26% de materia grasa',
      productName: 'Leche en polvo',
      shipmentFrom: isoDateInDays(20),
    }),
    ...overrides,
  };
}

/**
 * A fresh, approved, open operation of the demo seller for one test: 20 t in
 * lots of 5 (min 5, cap 20) at $1,000/t unless overridden, deadline in 10 days.
 */
export async function createOpenOperation(
  db: Queryable,
  overrides: Partial<typeof operations.$inferInsert> = {},
): Promise<typeof operations.$inferSelect> {
  const [row] = await db
    .insert(operations)
    .values({
      title: 'Operación de prueba',
      titleEn: 'Test operation',
      productName: 'Leche en polvo',
      productCategory: 'dairy',
      type: 'import',
      originCountry: 'UY',
      destinationCountry: 'VE',
      totalTons: 20,
      lotStepTons: 5,
      minVolume: 5,
      maxPerParticipantTons: 20,
      pricePerTonCents: 100_000,
      deadline: new Date(Date.now() + 10 * DAY_MS),
      status: 'active',
      reviewStatus: 'approved',
      sellerId: demoUserId('vendedor'),
      tradeTerms: testTradeTerms(),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * The tonnage invariant with waitlist invitations: allocated_tons equals the live
 * orders' tons plus the tons held for 'invited' waitlist entries.
 */
export async function getTonnage(db: Queryable, operationId: string) {
  const [operation] = await db
    .select({ allocated: operations.allocatedTons, total: operations.totalTons, status: operations.status })
    .from(operations)
    .where(eq(operations.id, operationId));
  const [ordered] = await db
    .select({ tons: sql<number>`coalesce(sum(${orders.volume}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.operationId, operationId), eq(orders.status, 'active')));
  const [invitations] = await db
    .select({ tons: sql<number>`coalesce(sum(${operationWaitlist.invitedTons}), 0)::int` })
    .from(operationWaitlist)
    .where(and(eq(operationWaitlist.operationId, operationId), inArray(operationWaitlist.status, ['invited'])));
  return {
    ...operation!,
    orderTons: Number(ordered!.tons),
    invitedTons: Number(invitations!.tons),
  };
}

/**
 * A buyer's order through the API as the order form sends it (wire, a fresh idempotency key;
 * `body` overrides either, or sends wrong values): the answer, whatever it is.
 */
export function requestOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  operationId: string,
  body: { volume: unknown; paymentMethod?: unknown; idempotencyKey?: unknown; termsVersion?: unknown },
) {
  return app.inject({
    method: 'POST',
    url: `/api/operations/${operationId}/orders`,
    headers,
    payload: { paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION, ...body },
  });
}

/** A buyer's wire order that the test needs taken (201, else it fails with the answer): the new order. */
export async function placeOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  operationId: string,
  volume: number,
): Promise<Order> {
  const response = await requestOrder(app, headers, operationId, { volume });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as PlaceOrderResponse).order;
}
