// The screening scenario of `npm run bench` (bench/README.md): a full-size list (30,000 entries
// with aliases, OFAC's CSV format) loaded through the real load job, one name screened against it
// (the matcher alone, and a whole screening with its record), and the re-screening of 20,000
// companies after the load, timed as the job runs it. Run by bench/run.mjs through tsx, or alone:
//   node --import tsx bench/screening/scenario.ts [--companies 20000] [--entries 30000]
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openDatabase } from '../../apps/server/src/db/client';
import { profiles, rescreenRuns, sanctionsLists, user } from '../../apps/server/src/db/schema';
import { type JobQueue } from '../../apps/server/src/jobs/job-queue';
import { rescreenCompanies } from '../../apps/server/src/modules/compliance/rescreen.service';
import { loadSanctionsList } from '../../apps/server/src/modules/compliance/sanctions-lists.service';
import { getScreeningIndex } from '../../apps/server/src/modules/compliance/screening-index';
import { screenCompany } from '../../apps/server/src/modules/compliance/screening.service';
import { createLocalDiskStorage } from '../../apps/server/src/plugins/storage/local-disk-storage';
import { eq } from 'drizzle-orm';
import { makeFullSizeList } from './full-size-list';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '30000' },
    companies: { type: 'string', default: '20000' },
    queries: { type: 'string', default: '2000' },
  },
});
const ENTRIES = Number(args.entries);
const COMPANIES = Number(args.companies);
const QUERIES = Number(args.queries);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (value: number) => Math.round(value * 100) / 100;
const CLEAN_WORDS = [
  'Lácteos',
  'Agroexportadora',
  'Distribuidora',
  'Cafetalera',
  'Granos',
  'Frutas',
  'Logística',
  'Comercial',
  'Importadora',
  'Carnes',
  'Andina',
  'del Sur',
  'Oriente',
  'Pacífico',
  'Caribe',
  'Llanos',
  'Plata',
  'Norte',
];

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-screening-bench-'));
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: process.env.DATABASE_URL ? null : dataDir,
  });
  const figures: Record<string, unknown> = {
    entries: ENTRIES,
    companies: COMPANIES,
    driver: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  };
  try {
    await database.migrate();
    const db = database.db;
    const list = makeFullSizeList(ENTRIES);

    // 20,000 companies: clean Latin-American names, and one in a thousand a listed name (hits to record).
    const rows = Array.from({ length: COMPANIES }, (_, index) => {
      const id = randomUUID().replaceAll('-', '');
      const listed = index % 1000 === 0 ? list.names[(index + 1) % list.names.length] : null;
      const companyName =
        listed && !listed.isPerson
          ? listed.name
          : `${CLEAN_WORDS[index % 18]} ${CLEAN_WORDS[(index * 7) % 18]} ${index} S.A.`;
      return { id, companyName, fullName: `Persona ${index} Gómez` };
    });
    for (let start = 0; start < rows.length; start += 1000) {
      const page = rows.slice(start, start + 1000);
      await db
        .insert(user)
        .values(page.map((row) => ({ id: row.id, name: row.fullName, email: `${row.id}@bench.test` })));
      await db.insert(profiles).values(
        page.map((row) => ({
          id: row.id,
          fullName: row.fullName,
          companyName: row.companyName,
          country: 'VE',
          kycStatus: 'approved' as const,
        })),
      );
    }

    // The load job on the uploaded files (the storage and the job queue of a real instance).
    const storage = createLocalDiskStorage(join(dataDir, 'storage'));
    const listId = randomUUID();
    const files: Record<string, { name: string; key: string; size: number }> = {};
    for (const role of ['sdn', 'alt', 'add'] as const) {
      const key = `ofac_sdn/${listId}/${role}`;
      await storage.put('sanctions-lists', key, list[role], { contentType: 'text/csv' });
      files[role] = { name: `${role}.csv`, key, size: list[role].length };
    }
    await db
      .insert(sanctionsLists)
      .values({ id: listId, source: 'ofac_sdn', origin: 'upload', fileSha256: listId, files });
    const jobs: JobQueue = { enqueue: async () => undefined, trigger: async () => undefined };
    const log = pino({ level: 'silent' });
    let started = performance.now();
    await loadSanctionsList({ db, storage, jobs, log }, listId);
    figures.list_load_ms = Math.round(performance.now() - started);
    figures.aliases = list.aliasCount;

    started = performance.now();
    const loaded = await getScreeningIndex(db);
    figures.index_build_ms = Math.round(performance.now() - started);
    figures.indexed_names = loaded.index.nameCount;

    // One name at a time: half listed names with a letter changed or their words swapped, half clean.
    const times: number[] = [];
    for (let index = 0; index < QUERIES; index += 1) {
      const listed = list.names[(index * 13) % list.names.length]!;
      const name =
        index % 2 === 0
          ? listed.name.replace(/[AEIOU]/, (vowel) => (vowel === 'A' ? 'E' : 'A'))
          : `${CLEAN_WORDS[index % 18]} ${CLEAN_WORDS[(index * 5) % 18]} Trading ${index}`;
      const subject = index % 2 === 0 && listed.isPerson ? 'person' : 'company';
      const begin = performance.now();
      loaded.index.search({ subject, name, country: 'VE' }, 0.9);
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    figures.match_p50_ms = round(percentile(times, 50));
    figures.match_p99_ms = round(percentile(times, 99));
    figures.match_max_ms = round(times[times.length - 1]!);

    // A whole screening as an order makes it: both subjects, the record written.
    const whole: number[] = [];
    for (const row of rows.slice(0, 200)) {
      const begin = performance.now();
      await screenCompany(db, row.id, 'manual', { actorId: null });
      whole.push(performance.now() - begin);
    }
    whole.sort((a, b) => a - b);
    figures.screening_p50_ms = round(percentile(whole, 50));
    figures.screening_p99_ms = round(percentile(whole, 99));

    // The re-screening job the load queued.
    const [run] = await db.select().from(rescreenRuns).where(eq(rescreenRuns.listId, listId));
    started = performance.now();
    await rescreenCompanies(db, run!.id);
    figures.rescreen_ms = Math.round(performance.now() - started);
    const [finished] = await db.select().from(rescreenRuns).where(eq(rescreenRuns.id, run!.id));
    figures.rescreen_screened = finished!.screened;
    figures.rescreen_cases_opened = finished!.casesOpened;

    figures.load_average = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    process.stdout.write(`SCREENING ${JSON.stringify(figures)}\n`);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
