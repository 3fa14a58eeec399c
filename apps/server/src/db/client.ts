import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { type ChannelListener, type ListenOptions, listenOnPostgres } from './pg-listener';
import { acquireDataDirLock } from './pglite-lock';
import * as schema from './schema';

export type DbSchema = typeof schema;
/** The one database type of the app, whichever driver is underneath. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, DbSchema>;
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = AppDatabase | AppTransaction;

export interface DatabaseHandle {
  db: AppDatabase;
  driver: 'pglite' | 'postgres';
  /** The embedded PGlite instance (the job queue runs on it too); null on PostgreSQL. */
  pglite: PGlite | null;
  /**
   * Runs start-up work (migrations, demo seed) that several instances must not
   * run at once: under pg_advisory_lock on one dedicated connection on PostgreSQL.
   */
  runExclusive<T>(work: (db: AppDatabase) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel; `onPayload` hears each NOTIFY after its commit. PostgreSQL:
   * one dedicated connection that reconnects by itself; PGlite: the instance's listen.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<ChannelListener>;
  /** The PostgreSQL pool's connections right now (for /metrics); null on PGlite, which has no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; null opens the embedded PGlite. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files (DATA_DIR); null keeps them in memory (tests). */
  dataDir: string | null;
  /** Errors of idle pooled connections (a restarted server), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** PGlite only: the bytes of a data folder's dump to start from (the tests' migrated and seeded template). */
  pgliteDump?: Uint8Array;
}

/** Arbitrary but fixed: every TradeOps instance takes the same advisory lock to migrate. */
const STARTUP_LOCK_KEY = 7_727_261_001;
const MIGRATION_CONFIG = { migrationsFolder: MIGRATIONS_DIR };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.dataDir, options.pgliteDump);
}

/** Where the embedded database keeps its files inside DATA_DIR (a PostgreSQL data directory). */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** PostgreSQL contrib modules the migrations create (pg_trgm: the search's trigram indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A dump's bytes as the Blob PGlite reads (it only asks for arrayBuffer()). Node's own Blob hands its bytes
 * over in small pieces it joins again: 0.3–0.4 s for the tests' 45 MB template, once per API test file.
 */
class DumpBlob extends Blob {
  readonly #dump: Uint8Array;
  constructor(dump: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#dump = dump;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#dump;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

/**
 * An in-memory database (tests only) is small and short-lived: 16 MB of shared buffers instead of 128 MB,
 * which the WebAssembly memory would otherwise grow to and zero for every API test file (half the cost of
 * opening one: 1.4 s of CPU → 0.7 s, measured with the tests' template).
 */
const IN_MEMORY_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | null, dump?: Uint8Array): Promise<DatabaseHandle> {
  const release = dataDir ? await acquireDataDirLock(dataDir) : async () => undefined;
  const loadDataDir = dump ? new DumpBlob(dump) : undefined;
  let client: PGlite;
  try {
    client = dataDir
      ? await PGlite.create(pgliteDataDir(dataDir), { loadDataDir, extensions: PGLITE_EXTENSIONS })
      : await PGlite.create({ loadDataDir, extensions: PGLITE_EXTENSIONS, startParams: IN_MEMORY_START_PARAMS });
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  let isClosed = false;
  return {
    db: db as unknown as AppDatabase,
    driver: 'pglite',
    pglite: client,
    // One process owns the folder (the lock file), so there is nobody to exclude.
    runExclusive: (work) => work(db as unknown as AppDatabase),
    migrate: () => migratePglite(db, MIGRATION_CONFIG),
    listen: async (channel, onPayload, listenOptions) => {
      const unlisten = await client.listen(channel, onPayload);
      listenOptions?.onListening?.({ isReconnect: false });
      return {
        stop: async () => {
          if (!isClosed) await unlisten().catch(() => undefined);
        },
      };
    },
    poolStats: () => null,
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await client.close();
      await release();
    },
  };
}

async function openPostgres(databaseUrl: string, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Fail a request (503) rather than hang when the server is unreachable.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => onPoolError?.(error));
  // A connection that dies while checked out (between two statements of a transaction) emits 'error'
  // on its client, where the pool no longer listens: without this the process crashes (found by
  // bench/crash.mjs terminating the backends). The statement in flight fails and the request gets its 503.
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
  // Fail at start-up, with the driver's reason, when the database is not there.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });

  async function runExclusive<T>(work: (db: AppDatabase) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await work(drizzleNodePg({ client, schema }) as unknown as AppDatabase);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }

  let isClosed = false;
  const listeners = new Set<ChannelListener>();
  return {
    db: db as unknown as AppDatabase,
    driver: 'postgres',
    pglite: null,
    runExclusive,
    listen: async (channel, onPayload, listenOptions) => {
      const listener = await listenOnPostgres(databaseUrl, channel, onPayload, listenOptions);
      listeners.add(listener);
      return {
        stop: async () => {
          listeners.delete(listener);
          await listener.stop();
        },
      };
    },
    migrate: () =>
      runExclusive((locked) =>
        migrateNodePg(locked as unknown as Parameters<typeof migrateNodePg>[0], MIGRATION_CONFIG),
      ),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. Cast numbers in SQL (::int, ::float8). */
export async function selectRows<T extends Record<string, unknown>>(
  db: Queryable,
  query: Parameters<AppDatabase['execute']>[0],
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
