import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { scrubLogArguments, serializeError, serializeRequest, withoutQueryValues } from './log-serializers';

const NAME = 'Ana Pérez';
const EMAIL = 'ana.perez@example.com';

function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 100, 'error'), { severity: 'ERROR', ...fields });
}

describe('log serializers', () => {
  it('logs a failed query by its SQL text and SQLSTATE, never its parameters or the row', () => {
    const cause = databaseError('duplicate key value violates unique constraint "user_email_unique"', {
      code: '23505',
      constraint: 'user_email_unique',
      table: 'user',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    const error = new DrizzleQueryError('insert into "user" ("name", "email") values ($1, $2)', [NAME, EMAIL], cause);
    const logged = JSON.stringify(serializeError(new Error('wrapped', { cause: error })));
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain('Ana');
    expect(logged).toContain('insert into \\"user\\" (\\"name\\", \\"email\\") values ($1, $2)');
    expect(logged).toContain('user_email_unique');
    expect(logged).toContain('23505');
  });

  it('leaves out the value a data exception quotes in its message (SQLSTATE class 22)', () => {
    const cause = databaseError(`invalid input syntax for type uuid: "${EMAIL}"`, {
      code: '22P02',
      routine: 'string_to_uuid',
    });
    const serialized = serializeError(new DrizzleQueryError('select 1 where id = $1', [EMAIL], cause));
    expect(JSON.stringify(serialized)).not.toContain(EMAIL);
    expect(serialized.message).toContain('data exception (SQLSTATE 22P02)');
    expect(serialized.stack).toMatch(/^Error: Failed query: select 1 where id = \$1\n\s+at /);
  });

  it('keeps an ordinary error whole', () => {
    const serialized = serializeError(Object.assign(new Error('storage unreachable'), { code: 'ENOENT' }));
    expect(serialized).toMatchObject({ type: 'Error', message: 'storage unreachable', code: 'ENOENT' });
    expect(serialized.stack).toContain('storage unreachable');
  });

  it('logs a request without its query values (a reset link carries its token there)', () => {
    expect(withoutQueryValues('/reset-password?token=s3cr3t&lang=es')).toBe('/reset-password?token=…&lang=…');
    expect(withoutQueryValues('/api/health')).toBe('/api/health');
    expect(
      serializeRequest({ method: 'GET', url: '/api/operations?q=ana%40example.com', ip: '10.0.0.1', host: 'x' }),
    ).toEqual({
      method: 'GET',
      url: '/api/operations?q=…',
      host: 'x',
      remoteAddress: '10.0.0.1',
      remotePort: undefined,
    });
  });

  it("keeps a library's errors (scrubbed) and leaves out its other arguments", () => {
    const scrubbed = scrubLogArguments([
      { email: EMAIL },
      new DrizzleQueryError('select $1', [EMAIL], databaseError('boom', { code: 'XX000' })),
    ]);
    expect(scrubbed.omitted).toBe(1);
    expect(JSON.stringify(scrubbed)).not.toContain(EMAIL);
  });
});
