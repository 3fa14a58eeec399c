import { seedSanctionsExcerpts } from '../modules/compliance/sanctions-lists.service';
import { type Storage } from '../plugins/storage/storage';
import { type PasswordHashing } from '../config';
import { type AppDatabase } from '../db/client';
import { findMissingDemoAccounts, hashDemoPassword, seedDemoAccounts } from './demo-accounts';
import { seedDemoContent } from './demo-content';
import { seedDemoKycDocuments, storeDemoKycDocuments } from './demo-kyc-documents';
import { seedDemoAssignments, seedDemoOperations, seedDemoOrders } from './demo-operations';
import { seedDemoPartners } from './demo-partners';
import { seedDemoProductSpecs, storeDemoSpecSheet } from './demo-specs';

/**
 * The demo data set (docs/architecture.md, Contracts). Idempotent: fixed ids and insert-if-absent,
 * so a second run changes nothing (not even the dates computed from `now`).
 * The slow parts (password hash, file write) happen before the transaction.
 */
export async function seedDemoData(
  db: AppDatabase,
  storage: Storage,
  options: { now?: Date; passwordHashing: PasswordHashing },
): Promise<void> {
  const now = options.now ?? new Date();
  const missingAccounts = await findMissingDemoAccounts(db);
  const passwordHash = missingAccounts.length > 0 ? await hashDemoPassword(options.passwordHashing) : '';
  const spec = await storeDemoSpecSheet(storage);
  const kycDocuments = await storeDemoKycDocuments(storage);
  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx, missingAccounts, passwordHash, now);
    await seedDemoKycDocuments(tx, now, kycDocuments);
    await seedDemoPartners(tx, now);
    const specIds = await seedDemoProductSpecs(tx, now, spec);
    await seedDemoOperations(tx, now, specIds);
    await seedDemoOrders(tx, now);
    await seedDemoAssignments(tx, now);
    await seedDemoContent(tx, now);
  });
  // The shipped excerpts of the three sanctions lists, in force from the first start.
  await seedSanctionsExcerpts(db, now);
}
