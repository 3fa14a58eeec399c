import { sql } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, sameOriginHeaders } from '../test/test-app';

/**
 * What the logs say when the database fails under a request that carries personal data. A failed
 * query's error holds the query's parameters (Drizzle: "Failed query: … params: Ana Pérez,
 * ana@…") and PostgreSQL's error the row ("Key (email)=(…)"): the log line must name the failure
 * (SQLSTATE, constraint, query text) and not the person. The failures are real: a trigger that
 * refuses the write, on PGlite and on PostgreSQL.
 */

const NAME = 'Ana Registro Pérez';
const EMAIL = 'ana.registro.logs@example.com';
const SECRET_TOKEN = 'resettoken0123456789abcdef';

/** A route that sends a NUL byte to the database itself, as if every schema had let it through. */
const probeRoutes: FastifyPluginAsync = async (api) => {
  api.get('/test/nul-to-database', { config: { access: 'public' } }, async () => {
    await api.db.execute(sql`select ${`${EMAIL}\u0000`}::text as value`);
    return { ok: true };
  });
};

describe('error logs carry no personal data', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
      extraApiRoutes: probeRoutes,
    });
    // Writes of contact messages and accounts fail in the database from now on (SQLSTATE P0001).
    await t.db.execute(sql`create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'writes are switched off for this test'; end $$`);
    await t.db.execute(sql`create trigger refuse_contact before insert on contact_messages
      for each row execute function refuse_write()`);
    await t.db.execute(
      sql`create trigger refuse_user before insert on "user" for each row execute function refuse_write()`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a failed contact-form insert by its SQLSTATE and query, without the name or e-mail', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: sameOriginHeaders(),
      payload: { name: NAME, email: EMAIL, message: 'Quiero saber más sobre las operaciones.' },
    });
    expect(response.statusCode).toBe(500);
    const failure = logged().find((line) => line.level === 50);
    expect(failure, lines.join('\n')).toBeDefined();
    expect(failure).toMatchObject({ err: { database: { code: 'P0001' } } });
    expect(JSON.stringify(failure)).toContain('insert into \\"contact_messages\\"');
    const all = lines.join('\n');
    expect(all).not.toContain(EMAIL);
    expect(all).not.toContain('Registro');
  });

  it('logs a failed sign-up (through Better Auth) without the name or e-mail', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: sameOriginHeaders(),
      payload: {
        fullName: NAME,
        email: EMAIL,
        password: 'Un-Secreto-Largo-2025',
        companyName: 'Importadora Registro',
        country: 'VE',
        companyType: 'trader',
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    // Better Auth logs the adapter's failure itself (through our logger): an error line, scrubbed.
    expect(logged().some((line) => line.level === 50 && JSON.stringify(line).includes('insert into'))).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(EMAIL);
    expect(all).not.toContain('Registro');
    expect(all).not.toContain('Un-Secreto');
  });

  it('answers a NUL byte that reaches the database with 400 VALIDATION_FAILED and logs no value', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/nul-to-database' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const warning = logged().find((line) => line.msg === 'value refused by the database');
    expect(warning).toMatchObject({ level: 40, err: { database: { code: '22021' } } });
    expect(lines.join('\n')).not.toContain(EMAIL);
  });

  it('logs requests without their bodies or query values (a reset link carries its token)', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: sameOriginHeaders(),
      payload: { email: EMAIL, password: 'Un-Secreto-Largo-2025' },
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${SECRET_TOKEN}` });
    await t.app.inject({ method: 'GET', url: `/api/operations?q=${encodeURIComponent(NAME)}` });
    const requests = logged().filter((line) => line.msg === 'request completed');
    // By route when one matched; by path with the query's values left out otherwise.
    expect(requests.map((line) => line.route ?? line.url)).toEqual([
      '/api/auth/sign-in',
      '/reset-password?token=…',
      '/api/operations',
    ]);
    const all = lines.join('\n');
    for (const secret of [EMAIL, 'Un-Secreto', SECRET_TOKEN, 'Registro']) expect(all).not.toContain(secret);
  });
});
