import { eq } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';

/* What the offer verbs share: whose offer it is, and what its state allows. */

export type OperationRow = typeof operations.$inferSelect;

/** The caller's own offer (admins may read any); anyone else hears NOT_FOUND. */
export async function findOwnOffer(db: Queryable, auth: AuthContext, id: string, options: { write?: boolean } = {}) {
  const [row] = await db.select().from(operations).where(eq(operations.id, id)).limit(1);
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  const isOwner = row.sellerId === auth.user.id;
  if (!isOwner && (options.write || !auth.isAdmin)) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

/** An offer can be edited while it waits for review (or after a rejection, which sends it back to the queue). */
export function canEdit(row: Pick<OperationRow, 'status' | 'reviewStatus'>): boolean {
  return row.status === 'pending' || (row.status === 'rejected' && row.reviewStatus === 'rejected');
}

/** An offer can be withdrawn before shipping starts (the service also requires no live order). */
export function canWithdrawStatus(row: Pick<OperationRow, 'status'>): boolean {
  return row.status === 'pending' || row.status === 'active' || row.status === 'rejected';
}
