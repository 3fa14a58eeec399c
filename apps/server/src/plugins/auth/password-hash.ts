import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { type PasswordHashing } from '../../config';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

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
  // The standard cost is Better Auth's own functions: every hash stored before this module verifies unchanged.
  if (hashing === 'standard') {
    return {
      hash: hashPassword,
      verify: async ({ hash, password }) =>
        !hash.startsWith(TEST_PREFIX) && (await verifyPassword({ hash, password }).catch(() => false)),
    };
  }
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${TEST_PREFIX}${salt}:${(await deriveKey(password, salt, TEST_SCRYPT_COST)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      // A test run still reads a standard hash (a database seeded outside the tests).
      if (!hash.startsWith(TEST_PREFIX)) return verifyPassword({ hash, password }).catch(() => false);
      const [salt, key] = hash.slice(TEST_PREFIX.length).split(':');
      if (!salt || !key || !/^[0-9a-f]+$/.test(key)) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, TEST_SCRYPT_COST);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
