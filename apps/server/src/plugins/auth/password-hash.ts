import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type PasswordHashing } from '../../config';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Better Auth's own scrypt cost: every hash stored before this module verifies unchanged. */
export const STANDARD_SCRYPT_COST: ScryptCost = { N: 16_384, r: 16, p: 1 };
/** NODE_ENV=test only: 1/32 of the work (N 1,024, r 8). */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1_024, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** Marks a hash made at the test cost, which a standard hasher never accepts. */
const TEST_PREFIX = 'test$';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

function deriveKey(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 128 * cost.N * cost.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Password hashes for Better Auth (`emailAndPassword.password`) and the demo seed: scrypt in Better Auth's
 * format (`salt:key`, hex) at its cost. Under NODE_ENV=test (the API suites and the end-to-end server) the
 * cost is lower and the hash says so (`test$salt:key`), as Django's and Rails' test settings lower theirs:
 * the test runs make some 1,500 hashes, 0.1 s of CPU each at the standard cost on CI's two cores. A
 * test-cost hash never verifies under the standard hasher, so it cannot weaken a real database.
 */
export function passwordHasher(hashing: PasswordHashing): PasswordHasher {
  const prefix = hashing === 'test' ? TEST_PREFIX : '';
  const cost = hashing === 'test' ? TEST_SCRYPT_COST : STANDARD_SCRYPT_COST;
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${prefix}${salt}:${(await deriveKey(password, salt, cost)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const isTestHash = hash.startsWith(TEST_PREFIX);
      if (isTestHash && hashing !== 'test') return false;
      const [salt, key] = (isTestHash ? hash.slice(TEST_PREFIX.length) : hash).split(':');
      if (!salt || !key || !/^[0-9a-f]+$/.test(key)) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, isTestHash ? TEST_SCRYPT_COST : STANDARD_SCRYPT_COST);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
