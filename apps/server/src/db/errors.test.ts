import { describe, expect, it } from 'vitest';
import { getPgErrorCode, isDatabaseUnavailableError, isInvalidValueError } from './errors';

const serverError = (code: string) => Object.assign(new Error('server said no'), { code, severity: 'ERROR' });

describe('database error helpers', () => {
  it('finds the SQLSTATE through wrapping errors', () => {
    const wrapped = new Error('Failed query: update …', { cause: serverError('23514') });
    expect(getPgErrorCode(wrapped)).toBe('23514');
    expect(getPgErrorCode(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeNull();
  });

  it('tells an unreachable database from a refused query', () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('wrap', { cause: serverError('57P01') }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailableError(serverError('23505'))).toBe(false);
    expect(isDatabaseUnavailableError(new Error('syntax'))).toBe(false);
  });

  it('tells a value the database cannot store (NUL, lone surrogate, overflow) from other refusals', () => {
    for (const code of ['22021', '22P05', '22P02', '22003'])
      expect(isInvalidValueError(new Error('Failed query', { cause: serverError(code) })), code).toBe(true);
    for (const code of ['23505', '23514', '42P01', '57P01'])
      expect(isInvalidValueError(new Error('Failed query', { cause: serverError(code) })), code).toBe(false);
    expect(isInvalidValueError(Object.assign(new Error('not a server error'), { code: '22021' }))).toBe(false);
  });
});
