// A year of a successful marketplace, written beside the demo data in plain SQL (generate_series),
// for `npm run bench -- --year` (bench/year.mjs). Ids are derived from a row's number (pg_temp.yid: an md5 shaped as a version-4 uuid),
// so rows reference each other without lookups. Triggers and foreign-key checks are off while loading
// (session_replication_role = replica: the ledger's append-only and balance triggers, the realtime
// NOTIFY triggers, the maintained balances); the invariants are checked afterwards instead, and the
// balances and rollups the triggers maintain are rebuilt from the rows.
//
// At scale 1 (issue 25's volumes): 20,000 companies, 30,000 operations of which 2,000 active,
// 600,000 orders, ~850,000 ledger transfers (~2 M entries), 2 M notifications, 200,000 messages,
// 100,000 outbox rows, 1.5 M audit rows. The demo seller owns 1 % of the operations, the demo buyer
// places 1 order in 4,000, and the first operation (active) has 200 buyers (the demo buyer among them)
// and 2,000 messages: the operation room of the issue.

/** The volumes at a scale (1 = a year). */
export function yearVolumes(scale) {
  const n = (count, min = 1) => Math.max(min, Math.round(count * scale));
  return {
    companies: n(20_000, 50),
    operations: n(30_000, 20),
    activeOperations: n(2_000, 5),
    orders: n(600_000, 200),
    notifications: n(2_000_000),
    messages: n(200_000),
    outbox: n(100_000),
    audit: n(1_500_000),
    kycWaiting: n(1_000, 5),
  };
}

/** The statuses of the operations that are not active, by `n % 10`. */
const OTHER_STATUSES = `(array['settled','settled','settled','settled','settled','expired','expired','cancelled','in_transit','allocated'])[1 + n % 10]`;
const PRODUCTS = `(array['Leche en polvo','Cacao en grano','Café verde','Carne vacuna','Trigo','Azúcar','Soja','Manzanas'])`;
const PRODUCTS_EN = `(array['Milk powder','Cocoa beans','Green coffee','Beef','Wheat','Sugar','Soybeans','Apples'])`;
const CATEGORIES = `(array['dairy','cocoa','coffee','meat','grains','sugar','oilseeds','fruit'])`;

/**
 * The statements that write the year, in order, each with a label for the progress line.
 * `v` is yearVolumes(scale).
 */
export function yearStatements(v) {
  const C = v.companies;
  const S = Math.max(10, Math.round(C / 5)); // sellers: y-u-1 … y-u-S, buyers after them
  const B = C - S;
  const O = v.operations;
  const A = v.activeOperations;
  const P = v.orders;
  const OPERATION_ROOM_BUYERS = Math.min(200, B);
  const opId = (expr) => `pg_temp.yid('yop' || (${expr}))`;
  const partId = (expr) => `pg_temp.yid('ypa' || (${expr}))`;
  // Operation n's attributes, as functions of n (no join needed).
  const opStatus = (n) =>
    `(case when ${n} <= ${A} then 'active' else ${OTHER_STATUSES.replaceAll('n %', `${n} %`)} end)`;
  const opPrice = (n) => `(100000 + (${n} % 50) * 1000)::bigint`;
  const opSeller = (n) =>
    `(case when ${n} % 100 = 0 then (select id from "user" where email = 'vendedor@tradeops.demo') else 'y-u-' || (1 + ${n} % ${S}) end)`;
  // Active operations were created in the last 30 days, the others across the year, oldest last.
  const opCreated = (n) =>
    `(case when ${n} <= ${A} then now() - (${n}::float8 / ${A}) * interval '30 days' else now() - interval '20 days' - (${n}::float8 / ${O}) * interval '340 days' end)`;
  // Order m: its operation (the operation room's 200 buyers are the orders P+1 … P+200 on operation 1).
  const orderOp = (m) => `(case when ${m} > ${P} then 1 else 1 + (${m} % ${O}) end)`;
  const orderBuyer = (m) =>
    `(case when ${m} = ${P + 1} or (${m} <= ${P} and ${m} % 4000 = 0) then (select id from "user" where email = 'comprador@tradeops.demo') else 'y-u-' || (${S} + 1 + ((${m} * 31) % ${B})) end)`;
  return [
    ['session_replication_role = replica', `set session_replication_role = replica`],
    // A version-4 shaped uuid from a name (the API's schemas check the version and variant digits).
    [
      'ids',
      `create function pg_temp.yid(name text) returns uuid language sql immutable as $$
         select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3)
                 || '-' || substr(h, 21, 12))::uuid from md5(name) h $$`,
    ],
    [
      `${C} companies`,
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select 'y-u-' || n, 'Year Company ' || n, 'y-u-' || n || '@year.invalid', true,
              now() - interval '400 days' + (n::float8 / ${C}) * interval '380 days',
              now() - interval '400 days' + (n::float8 / ${C}) * interval '380 days'
       from generate_series(1, ${C}) n`,
    ],
    [
      'profiles',
      `insert into profiles (id, full_name, company_name, country, role, kyc_status, kyc_reviewed_at, kyc_expires_at, created_at)
       select 'y-u-' || n, 'Year Person ' || n, 'Year Company ' || n,
              (array['UY','AR','BR','VE','CL','PE'])[1 + n % 6],
              case when n <= ${S} then 'seller' else 'buyer' end,
              case when n > ${C - v.kycWaiting} then 'pending' else 'approved' end,
              case when n > ${C - v.kycWaiting} then null else now() - interval '100 days' end,
              case when n > ${C - v.kycWaiting} then null else now() + interval '300 days' end,
              now() - interval '400 days' + (n::float8 / ${C}) * interval '380 days'
       from generate_series(1, ${C}) n`,
    ],
    [
      'onboarding and KYC documents',
      `insert into onboarding_status (user_id, current_step, status)
       select 'y-u-' || n, case when n > ${C - v.kycWaiting} then 2 else 4 end,
              case when n > ${C - v.kycWaiting} then 'in_progress' else 'completed' end
       from generate_series(1, ${C}) n`,
    ],
    [
      'user documents',
      `insert into user_documents (user_id, document_type, file_name, storage_key, mime_type, size_bytes, status,
         uploaded_at, reviewed_at)
       select 'y-u-' || n, t, t || '.pdf', 'year/' || n || '/' || t || '.pdf', 'application/pdf', 1000,
              case when n > ${C - v.kycWaiting} then 'uploaded' else 'verified' end,
              now() - interval '1 day' * (n % 90), case when n > ${C - v.kycWaiting} then null else now() - interval '100 days' end
       from generate_series(1, ${C}) n,
            unnest(array['government_id','incorporation_cert','proof_address','bank_reference','tax_certificate']) t`,
    ],
    [
      `${O} operations (${A} active)`,
      `insert into operations (id, title, title_en, description, product_name, product_category, type, origin_country,
         destination_country, total_tons, lot_step_tons, min_volume, price_per_ton_cents, deadline, status, review_status,
         seller_id, approved_at, created_at, updated_at, trade_terms)
       select ${opId('n')},
              ${PRODUCTS}[1 + n % 8] || ' · lote ' || n, ${PRODUCTS_EN}[1 + n % 8] || ' · lot ' || n,
              'Operación generada para el banco de pruebas', ${PRODUCTS_EN}[1 + n % 8], ${CATEGORIES}[1 + n % 8],
              case when n % 3 = 0 then 'import' else 'export' end, 'UY', 'VE', 5000, 5, 5, ${opPrice('n')},
              ${opCreated('n')} + interval '40 days',
              case when n > ${A} and n % 50 = 1 then 'pending' else ${opStatus('n')} end,
              case when n > ${A} and n % 50 = 1 then 'pending' else 'approved' end,
              ${opSeller('n')},
              case when n > ${A} and n % 50 = 1 then null else ${opCreated('n')} + interval '1 day' end,
              ${opCreated('n')}, ${opCreated('n')} + interval '2 days',
              -- Every deal states its trade terms (migration 0027): the terms a quote implies (CIF, ± 5 %).
              jsonb_build_object('incoterm', 'CIF', 'namedPlace', 'La Guaira',
                'shipmentFrom', to_char(${opCreated('n')} + interval '40 days', 'YYYY-MM-DD'),
                'shipmentTo', to_char(${opCreated('n')} + interval '54 days', 'YYYY-MM-DD'),
                'quantityTolerancePercent', 5, 'qualitySpecification', ${PRODUCTS_EN}[1 + n % 8],
                'inspectionBody', null, 'insurancePayer', 'seller', 'insuredPercent', 110, 'paymentTerms', null)
       from generate_series(1, ${O}) n`,
    ],
    [
      `${P + OPERATION_ROOM_BUYERS} orders`,
      `insert into orders (id, operation_id, user_id, volume, amount_cents, payment_method, payment_status,
         status, payment_reference, payment_proof_path, proof_revision, expires_at, proof_uploaded_at, confirmed_at,
         ended_reason, ended_at, terms_version, created_at, updated_at)
       select ${partId('m')}, ${opId('op')}, ${orderBuyer('m')}, vol, vol * ${opPrice('op')},
              'wire', pay, st, 'YR-' || m,
              case when pay in ('verification', 'confirmed') then 'year/proofs/' || m || '.pdf' end,
              case when pay in ('verification', 'confirmed') then 1 else 0 end,
              case when pay = 'pending' and st = 'active' then now() + interval '2 days' end,
              case when pay in ('verification', 'confirmed') then created + interval '1 hour' end,
              case when pay = 'confirmed' then created + interval '1 day' end,
              case when st <> 'active' then 'operation_cancelled' end,
              case when st <> 'active' then created + interval '10 days' end,
              '2026-01', created, created
       from (
         select m, op, created, case when m > ${P} then 5 else 5 * (1 + m % 10) end as vol,
                case when ostatus in ('expired', 'cancelled') then 'cancelled' else 'active' end as st,
                case
                  when ostatus = 'active' and m % 7 = 0 then 'verification'
                  when ostatus = 'active' and m % 7 in (1, 2) then 'confirmed'
                  when ostatus = 'active' or ostatus = 'pending' then 'pending'
                  when ostatus in ('expired', 'cancelled') and m % 2 = 1 then 'pending'
                  else 'confirmed'
                end as pay
         from (
           select m, ${orderOp('m')} as op,
                  ${opCreated(orderOp('m'))} + interval '1 day' + (m % 29) * interval '1 hour' as created,
                  case when ${orderOp('m')} > ${A} and ${orderOp('m')} % 50 = 1 then 'pending' else ${opStatus(orderOp('m'))} end as ostatus
           from generate_series(1, ${P + OPERATION_ROOM_BUYERS}) m
         ) base
       ) o`,
    ],
    [
      'allocated tons',
      `update operations o set allocated_tons = t.tons
       from (select operation_id, sum(volume)::int as tons from orders where status = 'active'
             group by operation_id) t
       where t.operation_id = o.id and o.id in (select ${opId('n')} from generate_series(1, ${O}) n)`,
    ],
    [
      'ledger: deposits',
      `with d as (
         select p.id, p.operation_id, p.user_id, p.amount_cents, p.confirmed_at
         from orders p where p.payment_reference like 'YR-%' and p.payment_status = 'confirmed'
       ), t as (
         insert into ledger_transfers (id, kind, operation_id, order_id, memo, created_at)
         select pg_temp.yid('ydep' || d.id), 'deposit', d.operation_id, d.id, 'year', d.confirmed_at from d
         returning id
       )
       insert into ledger_entries (transfer_id, account, amount_cents, created_at)
       select pg_temp.yid('ydep' || d.id), x.account, x.amount, d.confirmed_at
       from d cross join lateral (values ('buyer:' || d.user_id, -d.amount_cents),
                                        ('escrow:' || d.operation_id, d.amount_cents)) x(account, amount)`,
    ],
    [
      'ledger: releases and refunds',
      `with d as (
         select p.id, p.operation_id, p.user_id, p.amount_cents, p.confirmed_at, o.status as ostatus, o.seller_id
         from orders p join operations o on o.id = p.operation_id
         where p.payment_reference like 'YR-%' and p.payment_status = 'confirmed'
           and o.status in ('settled', 'expired', 'cancelled')
       ), t as (
         insert into ledger_transfers (id, kind, operation_id, order_id, memo, created_at)
         select pg_temp.yid('ypay' || d.id), case when d.ostatus = 'settled' then 'release' else 'refund' end,
                d.operation_id, d.id, 'year', d.confirmed_at + interval '20 days' from d
         returning id
       )
       insert into ledger_entries (transfer_id, account, amount_cents, created_at)
       select pg_temp.yid('ypay' || d.id), x.account, x.amount, d.confirmed_at + interval '20 days'
       from d cross join lateral (
         select * from (values
           ('escrow:' || d.operation_id, -d.amount_cents, true),
           (case when d.ostatus = 'settled' then 'seller:' || d.seller_id else 'buyer:' || d.user_id end,
            case when d.ostatus = 'settled' then d.amount_cents - d.amount_cents / 50 else d.amount_cents end, true),
           ('platform:revenue', d.amount_cents / 50, d.ostatus = 'settled')) v(account, amount, keep)
         where keep) x`,
    ],
    [
      `${v.notifications} notifications`,
      `insert into notifications (user_id, type, data, read_at, created_at)
       select 'y-u-' || (1 + k % ${C}), 'order.created', '{}'::jsonb,
              case when k % 10 <> 0 then now() - interval '1 day' end,
              now() - (k::float8 / ${v.notifications}) * interval '365 days'
       from generate_series(1, ${v.notifications}) k`,
    ],
    [
      `${v.messages} messages (2,000 in the operation room)`,
      `insert into messages (operation_id, author_id, is_from_platform, body, created_at)
       select case when k <= 2000 then ${opId('1')} else ${opId(`1 + k % ${O}`)} end,
              case when k % 5 = 0 then null else ${opSeller(`(case when k <= 2000 then 1 else 1 + k % ${O} end)`)} end,
              k % 5 = 0, 'Mensaje del banco de pruebas ' || k, now() - (k::float8 / ${v.messages}) * interval '365 days'
       from generate_series(1, ${v.messages}) k`,
    ],
    [
      `${v.outbox} outbox mails`,
      `insert into email_outbox (to_address, subject, text, kind, status, next_attempt_at, created_at, sent_at, attempts)
       select 'y-u-' || (1 + k % ${C}) || '@year.invalid', 'Aviso', 'Texto', 'order.created', 'sent',
              now() - (k::float8 / ${v.outbox}) * interval '365 days', now() - (k::float8 / ${v.outbox}) * interval '365 days',
              now() - (k::float8 / ${v.outbox}) * interval '365 days', 1
       from generate_series(1, ${v.outbox}) k`,
    ],
    [
      `${v.audit} audit rows`,
      `insert into audit_log (actor_id, action, entity_type, entity_id, data, created_at)
       select 'y-u-' || (1 + k % ${C}), 'order.created', 'order', ${partId(`1 + k % ${P}`)}::text,
              '{}'::jsonb, now() - (k::float8 / ${v.audit}) * interval '365 days'
       from generate_series(1, ${v.audit}) k`,
    ],
    ['triggers back on', `set session_replication_role = origin`],
  ];
}

/**
 * Balances and rollups that triggers maintain, rebuilt from the rows (the load ran without triggers):
 * the same statements as the migration that introduced them. Skipped when the tables are not there
 * (a server from before them).
 */
export const REBUILD_MAINTAINED = [
  [
    'KYC review waits',
    `do $$ begin
       if to_regclass('public.kyc_review_waits') is not null then
         delete from kyc_review_waits;
         insert into kyc_review_waits (user_id, waiting_since)
           select user_id, kyc_review_waiting_since(user_id) from (select distinct user_id from user_documents) c;
       end if;
     end $$`,
  ],
  [
    'operations per review status',
    `do $$ begin
       if to_regclass('public.operation_review_counts') is not null then
         update operation_review_counts c
           set operations = (select count(*) from operations o where o.review_status = c.review_status);
       end if;
     end $$`,
  ],
  [
    'account balances',
    `do $$ begin
       if to_regclass('public.account_balances') is not null then
         delete from account_balances;
         insert into account_balances (account, balance_cents)
           select account, sum(amount_cents) from ledger_entries group by account;
       end if;
     end $$`,
  ],
  [
    'order volume per month',
    `do $$ begin
       if to_regclass('public.order_volume_by_month') is not null then
         delete from order_volume_by_month;
         insert into order_volume_by_month (month, shard, tons, cents)
           select date_trunc('month', created_at at time zone 'UTC')::date, 0, sum(volume), sum(amount_cents)
           from orders where status = 'active' group by 1;
       end if;
     end $$`,
  ],
  [
    'ledger totals per operation',
    `do $$ begin
       if to_regclass('public.operation_ledger_totals') is not null then
         delete from operation_ledger_totals;
         insert into operation_ledger_totals
             (operation_id, deposited_cents, released_to_seller_cents, platform_fee_cents, refunded_cents)
           select t.operation_id,
                  coalesce(sum(e.amount_cents) filter (where t.kind = 'deposit' and e.account like 'escrow:%'), 0),
                  coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'seller:%'), 0),
                  coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'platform:%'), 0),
                  coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'buyer:%'), 0)
           from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
           group by t.operation_id;
       end if;
     end $$`,
  ],
];

/** Checks after loading: each answers rows only when something is wrong. */
export const YEAR_INVARIANTS = [
  [
    'every ledger transfer has two or more entries summing to zero',
    `select t.id from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
     group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0 limit 5`,
  ],
  ['the whole ledger sums to zero', `select sum(amount_cents) from ledger_entries having sum(amount_cents) <> 0`],
  [
    'allocated tons ≤ total, and = the live orders of every active operation',
    `select o.id from operations o
     left join (select operation_id, sum(volume) as tons from orders where status = 'active'
                group by operation_id) p on p.operation_id = o.id
     where o.allocated_tons > o.total_tons
        or (o.status = 'active' and o.allocated_tons <> coalesce(p.tons, 0) and o.allocated_tons > 0)
     limit 5`,
  ],
  [
    'no order has two deposits or a payout without a deposit',
    `select order_id from ledger_transfers where order_id is not null
     group by order_id
     having count(*) filter (where kind = 'deposit') > 1
        or (count(*) filter (where kind in ('release', 'refund')) > 0 and count(*) filter (where kind = 'deposit') = 0)
     limit 5`,
  ],
  [
    'account balances equal the ledger (when maintained)',
    `select b.account from account_balances b
     full join (select account, sum(amount_cents) as s from ledger_entries group by account) l on l.account = b.account
     where coalesce(b.balance_cents, 0) <> coalesce(l.s, 0) limit 5`,
    'account_balances',
  ],
];

/** What the generated year holds, counted (the line printed after loading). */
export const YEAR_COUNTS = `select
  (select count(*) from profiles)::int as companies,
  (select count(*) from operations)::int as operations,
  (select count(*) from operations where status = 'active')::int as active,
  (select count(*) from orders)::int as orders,
  (select count(*) from ledger_transfers)::int as transfers,
  (select count(*) from ledger_entries)::int as entries,
  (select count(*) from notifications)::int as notifications,
  (select count(*) from messages)::int as messages,
  (select count(*) from email_outbox)::int as outbox,
  (select count(*) from audit_log)::int as audit`;
