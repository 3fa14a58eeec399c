import pg from 'pg';

/** The server CI and the developers' machines have (trust authentication on loopback). */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type PostgresServer = { isAvailable: true; url: string } | { isAvailable: false; skipReason: string };

/**
 * A PostgreSQL server for the tests that need one whatever database the suite runs on (moving the
 * embedded database to PostgreSQL, the production start-up): DATABASE_URL's server when it is set,
 * else the local one (outside CI). When it does not answer, the reason to skip with.
 */
export async function findPostgresServer(): Promise<PostgresServer> {
  // CI runs the API suite twice, on PGlite and then on PostgreSQL: these tests add nothing the
  // second run lacks, so the embedded run leaves them to it.
  if (process.env.CI && !process.env.DATABASE_URL)
    return { isAvailable: false, skipReason: 'CI runs it in the PostgreSQL run (DATABASE_URL set)' };
  const url = process.env.DATABASE_URL || LOCAL_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { isAvailable: true, url };
  } catch (error) {
    const where = process.env.DATABASE_URL ? 'the server of DATABASE_URL' : LOCAL_POSTGRES_URL;
    return {
      isAvailable: false,
      skipReason: `needs PostgreSQL, and ${where} does not answer: ${(error as Error).message}`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
