import { eq } from 'drizzle-orm';
import { type Queryable } from '../db/client';
import { ledgerTransfers } from '../db/schema';
import { readTransfersWithEntries } from '../modules/escrow/read-escrow.service';

/** Every transfer of an operation with its entries, oldest first, unpaged: for checks over a whole test deal. */
export function getOperationLedger(db: Queryable, operationId: string) {
  return readTransfersWithEntries(db, eq(ledgerTransfers.operationId, operationId));
}
