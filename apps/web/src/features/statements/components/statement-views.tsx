import { type BuyerStatement, type SellerStatement, feeBpsToPercent, formatUsd } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatNumber, toLocale } from '../../../lib/format';
import { statementPdfUrl, useBuyerStatement, useSellerStatement } from '../api/statements';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };

function useFormatters() {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return {
    money: (cents: number) => formatUsd(cents, locale),
    date: (iso: string) => `${formatDate(iso, i18n.language, DATE_TIME)} UTC`,
    percent: (bps: number) => `${formatNumber(feeBpsToPercent(bps), i18n.language)} %`,
  };
}

function StatementState({ query, children }: { query: { isPending: boolean; error: unknown }; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (query.error) {
    const isRefused = isApiError(query.error) && query.error.status === 404;
    return <Alert>{isRefused ? t('statements.notFound') : t('statements.loadError')}</Alert>;
  }
  return children;
}

function DownloadLink({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  return (
    <a
      href={statementPdfUrl(path, i18n.language)}
      download
      className="inline-flex items-center rounded-lg bg-brand-900 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      data-testid="statement-pdf"
    >
      {t('statements.download')}
    </a>
  );
}

function Pair({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-brand-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A buyer's statement of one order: the order, the escrow bank, every movement with its ledger transfer. */
export function BuyerStatementView({ participationId }: { participationId: string }) {
  const query = useBuyerStatement(participationId);
  return <StatementState query={query}>{query.data && <BuyerStatementBody statement={query.data} />}</StatementState>;
}

function BuyerStatementBody({ statement }: { statement: BuyerStatement }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const order = statement.participation;
  const bank = statement.escrow_bank;
  return (
    <div className="space-y-8">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-brand-900">{order.operation_title}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('statements.buyer.subtitle')}</p>
          </div>
          <DownloadLink path={`/api/participations/${order.id}/statement`} />
        </div>
        <dl className="mt-5 grid gap-4 sm:grid-cols-3">
          <Pair label={t('statements.reference')} value={order.payment_reference} testId="statement-reference" />
          <Pair label={t('statements.amount')} value={f.money(order.amount_cents)} />
          <Pair label={t('statements.volume')} value={`${order.volume} t`} />
          <Pair label={t('statements.orderedAt')} value={f.date(order.created_at)} />
          <Pair label={t('statements.held')} value={f.money(statement.held_cents)} />
          {order.terms_version && <Pair label={t('statements.termsVersion')} value={order.terms_version} />}
        </dl>
      </section>

      <section>
        <h2 className="mb-3 text-lg font-semibold text-brand-900">{t('statements.movements')}</h2>
        {statement.movements.length === 0 ? (
          <p className="text-slate-600">{t('statements.noMovements')}</p>
        ) : (
          <ul className="space-y-3">
            {statement.movements.map((movement) => (
              <li
                key={`${movement.transfer_id}-${movement.kind}`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="statement-movement"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-brand-900">{t(`statements.kinds.${movement.kind}`)}</span>
                  <span className="text-lg font-bold text-brand-900 tabular-nums">
                    {f.money(movement.amount_cents)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{f.date(movement.created_at)}</p>
                <p className="mt-1 text-xs break-all text-slate-500">
                  {t('statements.transferId')}: <span data-testid="statement-transfer">{movement.transfer_id}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-brand-900">{t('statements.bank')}</h2>
        {bank ? (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Pair label={t('statements.bankName')} value={bank.bank_name} />
            <Pair label={t('statements.accountName')} value={bank.account_name} />
            <Pair label={t('statements.accountNumber')} value={bank.account_number} />
            <Pair label={t('participate.swift')} value={bank.swift} />
            {bank.bank_address && <Pair label={t('statements.bankAddress')} value={bank.bank_address} />}
          </dl>
        ) : (
          <p className="mt-2 text-slate-600">{t('statements.noBank')}</p>
        )}
      </section>
    </div>
  );
}

/** A seller's payouts of one operation: gross, the platform fee and its rate, net, date and transfer. */
export function SellerStatementView({ operationId }: { operationId: string }) {
  const query = useSellerStatement(operationId);
  return <StatementState query={query}>{query.data && <SellerStatementBody statement={query.data} />}</StatementState>;
}

function SellerStatementBody({ statement }: { statement: SellerStatement }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="space-y-8">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-brand-900">{statement.operation.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('statements.seller.subtitle')}</p>
          </div>
          <DownloadLink path={`/api/seller/operations/${statement.operation.id}/statement`} />
        </div>
        <dl className="mt-5 grid gap-4 sm:grid-cols-4">
          <Pair label={t('statements.seller.gross')} value={f.money(statement.totals.gross_cents)} />
          <Pair
            label={t('statements.seller.fee')}
            value={f.money(statement.totals.fee_cents)}
            testId="seller-fee-total"
          />
          <Pair
            label={t('statements.seller.net')}
            value={f.money(statement.totals.net_cents)}
            testId="seller-net-total"
          />
          <Pair label={t('statements.seller.currentFee')} value={f.percent(statement.current_fee_bps)} />
        </dl>
      </section>
      <section>
        <h2 className="mb-3 text-lg font-semibold text-brand-900">{t('statements.seller.payouts')}</h2>
        {statement.payouts.length === 0 ? (
          <p className="text-slate-600">{t('statements.seller.noPayouts')}</p>
        ) : (
          <ul className="space-y-3">
            {statement.payouts.map((payout) => (
              <li
                key={payout.transfer_id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="seller-payout"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-brand-900">
                    {payout.buyer_company ?? payout.payment_reference}
                  </span>
                  <span className="text-sm text-slate-600">{f.date(payout.created_at)}</span>
                </div>
                <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
                  <Pair label={t('statements.seller.gross')} value={f.money(payout.gross_cents)} />
                  <Pair
                    label={t('statements.seller.fee')}
                    value={
                      payout.fee_bps === null
                        ? f.money(payout.fee_cents)
                        : `${f.money(payout.fee_cents)} (${f.percent(payout.fee_bps)})`
                    }
                  />
                  <Pair label={t('statements.seller.net')} value={f.money(payout.net_cents)} />
                </dl>
                <p className="mt-2 text-xs break-all text-slate-500">
                  {t('statements.reference')}: {payout.payment_reference} · {t('statements.transferId')}:{' '}
                  {payout.transfer_id}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
