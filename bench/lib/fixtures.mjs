// Bench data written straight into the bench's scratch database: buyers (KYC approved) with
// database sessions whose signed cookies the bench computes like Better Auth does, and bench
// operations big enough that order placement measures the order path, not "sold out".
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export const SESSION_COOKIE = '__Secure-tradeops.session_token'; // production: Secure prefix

/** Better Auth (better-call) signs the cookie value as `token.base64(HMAC-SHA256(secret, token))`. */
export function signedSessionCookie(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export async function createBuyers(db, { count, secret }) {
  const buyers = [];
  // As a fresh sign-in leaves it: 30 days ahead (Better Auth would otherwise slide it on first use).
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
  for (let i = 0; i < count; i += 1) {
    const id = `bench-buyer-${String(i).padStart(4, '0')}`;
    const token = randomBytes(24).toString('hex');
    buyers.push({ id, cookie: signedSessionCookie(token, secret) });
    await db.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
      id,
      `Bench Buyer ${i}`,
      `${id}@bench.invalid`,
    ]);
    await db.query(
      `insert into profiles (id, full_name, company_name, country, role, kyc_status, kyc_reviewed_at)
       values ($1, $2, $3, 'UY', 'buyer', 'approved', now())`,
      [id, `Bench Buyer ${i}`, `Bench Company ${i}`],
    );
    await db.query(`insert into session (id, token, user_id, expires_at) values ($1, $2, $3, $4)`, [
      randomUUID(),
      token,
      id,
      expires,
    ]);
  }
  return buyers;
}

export async function createOperations(db, { count, totalTons, prefix }) {
  const [seller] = await db.query(`select id from "user" where email = 'vendedor@tradeops.demo'`);
  if (!seller) throw new Error('the demo seller is missing: the bench database was not seeded');
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const [row] = await db.query(
      `insert into operations (title, title_en, description, product_name, product_category, type,
         origin_country, destination_country, total_tons, lot_step_tons, min_volume, price_per_ton_cents,
         deadline, status, review_status, seller_id, approved_at, trade_terms)
       values ($1, $1, 'Bench operation', 'Bench Milk Powder', 'dairy', 'export', 'UY', 'VE', $2, 5, 5,
         350000, now() + interval '30 days', 'active', 'approved', $3, now(),
         -- Every deal states its trade terms (migration 0027): those a quote implies.
         jsonb_build_object('incoterm', 'CIF', 'namedPlace', 'La Guaira',
           'shipmentFrom', to_char(now() + interval '30 days', 'YYYY-MM-DD'),
           'shipmentTo', to_char(now() + interval '44 days', 'YYYY-MM-DD'),
           'quantityTolerancePercent', 5, 'qualitySpecification', 'Bench Milk Powder', 'inspectionBody', null,
           'insurancePayer', 'seller', 'insuredPercent', 110, 'paymentTerms', null))
       returning id`,
      [`${prefix} ${i}`, totalTons, seller.id],
    );
    ids.push(row.id);
  }
  return ids;
}

/** A database session for the seeded demo admin (admin@tradeops.demo), signed like a buyer's. */
export async function createAdminSession(db, { secret }) {
  const [admin] = await db.query(`select id from "user" where email = 'admin@tradeops.demo'`);
  if (!admin) throw new Error('the demo admin is missing: the bench database was not seeded');
  // In production an admin without two-factor sign-in may only enrol: the bench's admin has enrolled,
  // and the session below stands for a sign-in that passed its code.
  await db.query(`update "user" set two_factor_enabled = true where id = $1`, [admin.id]);
  const token = randomBytes(24).toString('hex');
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  await db.query(`insert into session (id, token, user_id, expires_at) values ($1, $2, $3, $4)`, [
    randomUUID(),
    token,
    admin.id,
    expires,
  ]);
  return { id: admin.id, cookie: signedSessionCookie(token, secret), token };
}
