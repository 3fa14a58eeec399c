import { createHash, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  SANCTIONS_FILE_MAX_BYTES,
  SANCTIONS_SOURCES,
  type SanctionsListOrigin,
  type SanctionsListVersion,
  type SanctionsListsResponse,
  type SanctionsSource,
} from '@tradeops/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { rescreenRuns, sanctionsEntries, sanctionsLists } from '../../db/schema';
import { AppError } from '../../errors';
import { JOB_QUEUES, type JobQueue } from '../../jobs/job-queue';
import { type MultipartFile, assertSafeClientFileName } from '../../plugins/multipart';
import { type Storage } from '../../plugins/storage/storage';
import { writeAudit } from '../audit/audit.service';
import {
  SANCTIONS_FILE_ROLES,
  SanctionsFormatError,
  type SanctionsFiles,
  looksLikeSanctionsList,
  parseSanctionsList,
  readShippedExcerpt,
} from './formats/parse-sanctions-list';
import { type ParsedSanctionsList } from './formats/sanctions-entry';
import { toRescreenRun } from './rescreen.service';

/**
 * Versions of the sanctions lists (docs/compliance.md). An admin's upload (or the fetch job) stores
 * the files and a 'loading' version, and queues the load: the files are parsed and their entries
 * written in batches, each its own statement, so requests keep being served; then one transaction
 * makes the version the one in force (the previous one superseded) and queues the re-screening
 * of every company. A file that is not in its publisher's format leaves a 'failed' version with
 * the reason.
 */

export interface ListDeps {
  db: AppDatabase;
  storage: Storage;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

const INSERT_BATCH = 1000;

type ListRow = typeof sanctionsLists.$inferSelect;

export function toListVersion(row: ListRow): SanctionsListVersion {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    origin: row.origin,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    entryCount: row.entryCount,
    aliasCount: row.aliasCount,
    fileNames: Object.values(row.files).map((file) => file.name),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

function hashFiles(source: SanctionsSource, files: SanctionsFiles): string {
  const hash = createHash('sha256');
  for (const role of SANCTIONS_FILE_ROLES[source]) {
    const bytes = files[role];
    hash.update(`${role}:${bytes?.length ?? 0}:`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest('hex');
}

/** The versions of every list, newest first (a page), and the latest re-screenings. */
export async function listSanctionsLists(db: AppDatabase): Promise<SanctionsListsResponse> {
  const lists = await db.select().from(sanctionsLists).orderBy(desc(sanctionsLists.createdAt)).limit(30);
  const runs = await db.select().from(rescreenRuns).orderBy(desc(rescreenRuns.createdAt)).limit(5);
  return { lists: lists.map(toListVersion), rescreens: runs.map(toRescreenRun) };
}

/** Stores the files and a 'loading' version, and queues its load. */
export async function createVersion(
  deps: ListDeps,
  source: SanctionsSource,
  files: SanctionsFiles,
  names: Partial<Record<keyof SanctionsFiles, string>>,
  origin: SanctionsListOrigin,
  actorId: string | null,
): Promise<ListRow> {
  const sha = hashFiles(source, files);
  const [active] = await deps.db
    .select({ sha: sanctionsLists.fileSha256 })
    .from(sanctionsLists)
    .where(and(eq(sanctionsLists.source, source), eq(sanctionsLists.status, 'active')));
  if (active?.sha === sha) throw new AppError('SANCTIONS_LIST_UNCHANGED');
  const id = randomUUID();
  const stored: Record<string, { name: string; key: string; size: number }> = {};
  for (const role of SANCTIONS_FILE_ROLES[source]) {
    const bytes = files[role];
    if (!bytes) continue;
    const key = `${source}/${id}/${role}`;
    await deps.storage.put('sanctions-lists', key, bytes, {
      contentType: 'application/octet-stream',
      fileName: names[role],
    });
    stored[role] = { name: names[role] ?? role, key, size: bytes.length };
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sanctionsLists)
      .values({ id, source, origin, fileSha256: sha, files: stored, loadedBy: actorId })
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'compliance.list.uploaded',
      entityType: 'sanctions_list',
      entityId: id,
      data: { source, origin, files: Object.values(stored).map((file) => ({ name: file.name, size: file.size })) },
    });
    await deps.jobs.enqueue(tx, JOB_QUEUES.loadSanctionsList, { listId: id }, { singletonKey: id });
    return row!;
  });
}

/**
 * An admin's upload: the source and its files (OFAC: `sdn`, optionally `alt` and `add`; UN and EU:
 * `list`). Files are read whole (up to SANCTIONS_FILE_MAX_BYTES each) and checked before anything
 * is stored; the parse itself happens in the load job.
 */
export async function uploadSanctionsList(
  deps: ListDeps,
  actorId: string,
  fields: Record<string, string>,
  uploads: MultipartFile[],
): Promise<SanctionsListVersion> {
  const source = fields.source as SanctionsSource;
  if (!(SANCTIONS_SOURCES as readonly string[]).includes(source)) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { source: 'compliance.validation.sourceRequired' } });
  }
  const roles = SANCTIONS_FILE_ROLES[source];
  const files: SanctionsFiles = {};
  const names: Partial<Record<keyof SanctionsFiles, string>> = {};
  for (const upload of uploads) {
    const role = upload.fieldName as keyof SanctionsFiles;
    if (!roles.includes(role) || files[role]) throw new AppError('BAD_REQUEST');
    assertSafeClientFileName(upload.fileName);
    if (upload.bytes.length === 0) throw new AppError('FILE_EMPTY');
    if (upload.bytes.length > SANCTIONS_FILE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    files[role] = upload.bytes;
    names[role] = upload.fileName;
  }
  if (!files[roles[0]!])
    throw new AppError('VALIDATION_FAILED', {}, { fields: { [roles[0]!]: 'compliance.validation.fileRequired' } });
  // Refused at once when it cannot be the list (a PDF, an HTML page): the admin hears it now, not later.
  if (!looksLikeSanctionsList(source, files)) throw new AppError('SANCTIONS_LIST_INVALID');
  return toListVersion(await createVersion(deps, source, files, names, 'upload', actorId));
}

async function readStoredFiles(storage: Storage, row: ListRow): Promise<SanctionsFiles> {
  const files: SanctionsFiles = {};
  for (const [role, file] of Object.entries(row.files)) {
    const object = await storage.get('sanctions-lists', file.key);
    if (!object) throw new SanctionsFormatError(`the stored file ${file.name} is missing`);
    files[role as keyof SanctionsFiles] = await buffer(object.stream);
  }
  return files;
}

/** Writes a parsed list's entries in batches (the version is not searched until it is active). */
async function insertEntries(db: AppDatabase, listId: string, parsed: ParsedSanctionsList): Promise<void> {
  for (let start = 0; start < parsed.entries.length; start += INSERT_BATCH) {
    const batch = parsed.entries.slice(start, start + INSERT_BATCH);
    await db.insert(sanctionsEntries).values(batch.map((entry) => ({ ...entry, listId })));
    // Requests waiting for the database (PGlite serves one statement at a time) go between batches.
    await yieldToRequests();
  }
}

/** Makes a loaded version the one in force and queues the re-screening of every company. */
async function activateVersion(
  tx: AppTransaction,
  jobs: JobQueue | null,
  row: ListRow,
  parsed: ParsedSanctionsList,
  now: Date,
): Promise<void> {
  // One source's versions activate one at a time: the partial unique index keeps one active anyway.
  await tx
    .select({ id: sanctionsLists.id })
    .from(sanctionsLists)
    .where(eq(sanctionsLists.source, row.source))
    .for('update');
  await tx
    .update(sanctionsLists)
    .set({ status: 'superseded' })
    .where(
      and(eq(sanctionsLists.source, row.source), eq(sanctionsLists.status, 'active'), ne(sanctionsLists.id, row.id)),
    );
  const aliasCount = parsed.entries.reduce((sum, entry) => sum + entry.aliases.length, 0);
  await tx
    .update(sanctionsLists)
    .set({
      status: 'active',
      activatedAt: now,
      publishedAt: parsed.publishedAt,
      entryCount: parsed.entries.length,
      aliasCount,
    })
    .where(eq(sanctionsLists.id, row.id));
  await writeAudit(tx, {
    actorId: row.loadedBy,
    action: 'compliance.list.activated',
    entityType: 'sanctions_list',
    entityId: row.id,
    data: { source: row.source, entries: parsed.entries.length, aliases: aliasCount },
  });
  if (!jobs) return;
  const [run] = await tx.insert(rescreenRuns).values({ listId: row.id }).returning({ id: rescreenRuns.id });
  await jobs.enqueue(tx, JOB_QUEUES.rescreenCompanies, { runId: run!.id }, { singletonKey: run!.id });
}

/**
 * The load job: parses a 'loading' version's files, writes its entries and activates it.
 * Idempotent: a version no longer 'loading' is left alone, and a retried load first removes the
 * entries an interrupted one wrote.
 */
export async function loadSanctionsList(deps: ListDeps, listId: string, now = new Date()): Promise<void> {
  const [row] = await deps.db.select().from(sanctionsLists).where(eq(sanctionsLists.id, listId));
  if (!row || row.status !== 'loading') return;
  let parsed: ParsedSanctionsList;
  try {
    parsed = parseSanctionsList(row.source, await readStoredFiles(deps.storage, row));
  } catch (error) {
    if (!(error instanceof SanctionsFormatError)) throw error;
    await deps.db
      .update(sanctionsLists)
      .set({ status: 'failed', error: error.message })
      .where(and(eq(sanctionsLists.id, listId), eq(sanctionsLists.status, 'loading')));
    deps.log.warn({ listId, err: error }, 'a sanctions list could not be read');
    return;
  }
  await deps.db.delete(sanctionsEntries).where(eq(sanctionsEntries.listId, listId));
  await insertEntries(deps.db, listId, parsed);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: sanctionsLists.status })
      .from(sanctionsLists)
      .where(eq(sanctionsLists.id, listId))
      .for('update');
    if (current?.status !== 'loading') return;
    await activateVersion(tx, deps.jobs, row, parsed, now);
  });
}

/**
 * The demo's lists: each shipped excerpt as the version in force of its source, where that
 * source has none yet (first start). Nothing to re-screen: the demo companies are screened as
 * they act.
 */
export async function seedSanctionsExcerpts(db: AppDatabase, now: Date): Promise<void> {
  for (const source of SANCTIONS_SOURCES) {
    const [existing] = await db
      .select({ id: sanctionsLists.id })
      .from(sanctionsLists)
      .where(eq(sanctionsLists.source, source))
      .limit(1);
    if (existing) continue;
    const files = await readShippedExcerpt(source);
    const parsed = parseSanctionsList(source, files);
    const [row] = await db
      .insert(sanctionsLists)
      .values({ source, origin: 'seed', fileSha256: hashFiles(source, files), files: {}, status: 'loading' })
      .returning();
    await insertEntries(db, row!.id, parsed);
    await db.transaction((tx) => activateVersion(tx, null, row!, parsed, now));
  }
}
