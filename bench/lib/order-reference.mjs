// The database's own ceiling for an order, measured beside the server in the same run: the
// minimal transaction an order needs (lock the operation's row, insert the order, add its tons to
// the operation, commit) sent straight through `pg` from the bench, with the same number of callers
// as the HTTP scenario and a pool as large as the server's. What the server adds on top (HTTP,
// session, validation, the rules, the audit row and the notification) is the gap between the two.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The server's own pool size (apps/server/src/db/client.ts): the reference may not use more connections. */
export const SERVER_POOL_SIZE = 10;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Runs `callers` loops side by side, each placing one order after another until `amount` orders were
 * started or `durationMs` passed; latency counts the wait for a connection, as the server's does.
 * Every order is real: the operation's allocated tons and its live orders stay equal.
 */
export async function measureOrderReference({
  connectionString,
  operationIdFor,
  userIdFor,
  tons,
  pricePerTonCents,
  callers,
  amount = Infinity,
  durationMs = Infinity,
}) {
  const pool = new pg.Pool({ connectionString, max: SERVER_POOL_SIZE });
  const latencies = [];
  let started = 0;
  let errors = 0;
  const begin = performance.now();
  const deadline = begin + durationMs;
  async function caller(index) {
    while (started < amount && performance.now() < deadline) {
      started += 1;
      const sent = performance.now();
      const client = await pool.connect();
      try {
        const operationId = operationIdFor();
        await client.query('begin');
        await client.query('select allocated_tons, total_tons from operations where id = $1 for update', [operationId]);
        await client.query(
          `insert into orders (operation_id, user_id, volume, amount_cents, payment_method,
             payment_reference, idempotency_key, terms_version, expires_at)
           values ($1, $2, $3, $4, 'wire', $5, $6, 'bench', now() + interval '48 hours')`,
          [operationId, userIdFor(index), tons, tons * pricePerTonCents, `REF-${randomUUID()}`, randomUUID()],
        );
        await client.query('update operations set allocated_tons = allocated_tons + $2 where id = $1', [
          operationId,
          tons,
        ]);
        await client.query('commit');
        latencies.push(performance.now() - sent);
      } catch {
        errors += 1;
        await client.query('rollback').catch(() => {});
      } finally {
        client.release();
      }
    }
  }
  await Promise.all(Array.from({ length: callers }, (_, index) => caller(index)));
  const seconds = (performance.now() - begin) / 1000;
  await pool.end();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    p50_ms: Math.round(percentile(sorted, 50)),
    p99_ms: Math.round(percentile(sorted, 99)),
  };
}
