import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { passwordHasher } from './password-hash';

const PASSWORD = 'Cafe-de-Origen-2025';

describe('password hashes', () => {
  it('are Better Auth’s own at the standard cost: its hashes verify here and ours verify there', async () => {
    const standard = passwordHasher('standard');
    const ours = await standard.hash(PASSWORD);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: PASSWORD })).toBe(true);
    const theirs = await hashPassword(PASSWORD);
    expect(await standard.verify({ hash: theirs, password: PASSWORD })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: 'Cafe-de-Origen-2024' })).toBe(false);
  });

  it('say when they were made at the test cost, and a standard hasher refuses those', async () => {
    const test = passwordHasher('test');
    const cheap = await test.hash(PASSWORD);
    expect(cheap).toMatch(/^test\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await test.verify({ hash: cheap, password: PASSWORD })).toBe(true);
    expect(await test.verify({ hash: cheap, password: 'wrong' })).toBe(false);
    expect(await passwordHasher('standard').verify({ hash: cheap, password: PASSWORD })).toBe(false);
    // A test run still reads a standard hash (a database seeded outside the tests).
    expect(await test.verify({ hash: await hashPassword(PASSWORD), password: PASSWORD })).toBe(true);
  });

  it('refuse a malformed hash instead of throwing', async () => {
    for (const hash of ['', 'nocolon', 'salt:not-hex', 'test$']) {
      expect(await passwordHasher('test').verify({ hash, password: PASSWORD })).toBe(false);
    }
  });

  it('cost less only under NODE_ENV=test', () => {
    const hashing = (NODE_ENV?: string) =>
      loadConfig({ NODE_ENV, PUBLIC_URL: 'https://tradeops.example', SESSION_SECRET: 'x'.repeat(40) }).passwordHashing;
    expect(hashing('production')).toBe('standard');
    expect(hashing('development')).toBe('standard');
    expect(hashing(undefined)).toBe('standard');
    expect(hashing('test')).toBe('test');
  });
});
