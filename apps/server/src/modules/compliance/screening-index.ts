import { type SanctionsSource } from '@tradeops/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { sanctionsEntries, sanctionsLists } from '../../db/schema';
import { type IndexedEntry, SanctionsIndex } from './sanctions-index';

export interface ActiveListVersion {
  id: string;
  source: SanctionsSource;
  publishedAt: string | null;
  entryCount: number;
}

export interface LoadedScreeningIndex {
  versions: ActiveListVersion[];
  index: SanctionsIndex;
}

/**
 * The lists in force and their index, built once per process and list set. Every screening asks
 * which versions are active (one indexed read), so a version activated by another instance is
 * used from that instance's next screening on; the index is rebuilt then, once, while screenings
 * that ask at the same time wait for the same build.
 */
const cache = new WeakMap<object, { key: string; loaded: Promise<LoadedScreeningIndex> }>();

export async function getActiveListVersions(db: Queryable): Promise<ActiveListVersion[]> {
  const rows = await db
    .select({
      id: sanctionsLists.id,
      source: sanctionsLists.source,
      publishedAt: sanctionsLists.publishedAt,
      entryCount: sanctionsLists.entryCount,
    })
    .from(sanctionsLists)
    .where(eq(sanctionsLists.status, 'active'))
    .orderBy(asc(sanctionsLists.source));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
}

async function buildIndex(db: Queryable, versions: ActiveListVersion[]): Promise<LoadedScreeningIndex> {
  const ids = versions.map((version) => version.id);
  const sourceOf = new Map(versions.map((version) => [version.id, version.source]));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: sanctionsEntries.id,
            listId: sanctionsEntries.listId,
            ref: sanctionsEntries.ref,
            kind: sanctionsEntries.kind,
            name: sanctionsEntries.name,
            aliases: sanctionsEntries.aliases,
            programs: sanctionsEntries.programs,
            countries: sanctionsEntries.countries,
            birthDates: sanctionsEntries.birthDates,
            identifiers: sanctionsEntries.identifiers,
          })
          .from(sanctionsEntries)
          .where(inArray(sanctionsEntries.listId, ids))
          .orderBy(asc(sanctionsEntries.id));
  const entries: IndexedEntry[] = rows.map((row) => ({ ...row, source: sourceOf.get(row.listId)! }));
  return { versions, index: new SanctionsIndex(entries) };
}

/** The index of the lists in force, for `owner` (the app's database handle: one cache per database). */
export async function getScreeningIndex(db: Queryable, owner: object = db): Promise<LoadedScreeningIndex> {
  const versions = await getActiveListVersions(db);
  const key = versions.map((version) => version.id).join(',');
  const current = cache.get(owner);
  if (current?.key === key) return current.loaded;
  const loaded = buildIndex(db, versions);
  cache.set(owner, { key, loaded });
  loaded.catch(() => {
    if (cache.get(owner)?.loaded === loaded) cache.delete(owner);
  });
  return loaded;
}
