import {
  type BuyerStatement,
  type SellerStatement,
  type StatementIssuer,
  type StatementParty,
  feeBpsToPercent,
  formatUsd,
  formatUtcOffset,
} from '@tradeops/shared';
import { type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { formatDeadline, formatNumber, toLocale } from '../../../lib/format';
import { statementPdfUrl, useBuyerStatement, useSellerStatement, viewerTimeZone } from '../api/statements';

/**
 * Statements as a bank or an auditor reads them: the platform's letterhead, the statement's number,
 * both parties as KYC verified them, the product, tons and price per ton, and every time in the
 * viewer's time zone (the interface's: the browser's) with its offset named. The PDF is drawn by
 * the server in the same language and zone (the link carries both).
 */
function useFormatters() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const timeZone = viewerTimeZone();
  return {
    timeZone,
    money: (cents: number) => formatUsd(cents, locale),
    date: (iso: string) => formatDeadline(iso, i18n.language),
    percent: (bps: number) => `${formatNumber(feeBpsToPercent(bps), i18n.language)} %`,
    zone: (iso: string) =>
      t('statements.timeZone', { zone: timeZone, offset: formatUtcOffset(new Date(iso), timeZone) }),
    perTon: (cents: number) => t('statements.perTon', { amount: formatUsd(cents, locale) }),
  };
}

/** A statement's loading, its failure (with a retry) and the one refusal no retry changes: not found or not yours. */
function StatementState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      failure={t('statements.loadError')}
      refusal={(error) => isApiError(error) && error.status === 404 && <Alert>{t('statements.notFound')}</Alert>}
      skeletonClassName="h-64 w-full rounded-2xl"
    >
      {children}
    </QueryState>
  );
}

function DownloadLink({ path, timeZone }: { path: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <a
      href={statementPdfUrl(path, i18n.language, timeZone)}
      download
      className="inline-flex shrink-0 items-center rounded-lg bg-brand-900 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      data-testid="statement-pdf"
    >
      {t('statements.download')}
    </a>
  );
}

function Pair({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-brand-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The letterhead: who issues the statement, its number and when it was issued (in the viewer's zone). */
function Letterhead({
  issuer,
  numberLabel,
  number,
  issuedAt,
  download,
}: {
  issuer: StatementIssuer;
  numberLabel: string;
  number: string;
  issuedAt: string;
  download: ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <header
      className="flex flex-col gap-4 border-b-2 border-brand-900 pb-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="statement-letterhead"
    >
      <div className="min-w-0 text-sm text-slate-600">
        <p className="text-base font-bold text-brand-900">{issuer.legalName}</p>
        {issuer.address && <p className="whitespace-pre-line">{issuer.address}</p>}
        {issuer.taxId && (
          <p>
            {t('statements.taxId')}: {issuer.taxId}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 text-sm sm:items-end sm:text-right">
        <p className="text-slate-600">{numberLabel}</p>
        <p className="font-mono text-base font-bold break-all text-brand-900" data-testid="statement-number">
          {number}
        </p>
        <p className="text-slate-600">
          {t('statements.issuedAt')} {f.date(issuedAt)}
        </p>
        {download}
      </div>
    </header>
  );
}

/** A party as KYC verified it: legal name, tax id and country. */
function PartyCard({ label, party, testId }: { label: string; party: StatementParty; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-4 text-sm" data-testid={testId}>
      <p className="text-slate-500">{label}</p>
      <p className="font-semibold break-words text-brand-900">{party.legalName}</p>
      <p className="text-slate-700">
        {t('statements.taxId')}: {party.taxId ?? t('statements.taxIdMissing')}
      </p>
      {party.country && (
        <p className="text-slate-700">{t(`countries.${party.country}`, { defaultValue: party.country })}</p>
      )}
    </div>
  );
}

/** A buyer's statement of one order: the order, the escrow bank, every movement with its ledger transfer. */
export function BuyerStatementView({ orderId }: { orderId: string }) {
  const query = useBuyerStatement(orderId);
  return <StatementState query={query}>{(statement) => <BuyerStatementBody statement={statement} />}</StatementState>;
}

function BuyerStatementBody({ statement }: { statement: BuyerStatement }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const order = statement.order;
  const bank = statement.escrowBank;
  return (
    <div className="space-y-8">
      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <Letterhead
          issuer={statement.issuer}
          numberLabel={t('statements.buyer.number')}
          number={statement.statementNumber}
          issuedAt={statement.generatedAt}
          download={<DownloadLink path={`/api/orders/${order.id}/statement`} timeZone={f.timeZone} />}
        />
        <p className="text-sm text-slate-600" data-testid="statement-time-zone">
          {f.zone(statement.generatedAt)}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <PartyCard label={t('statements.buyerParty')} party={statement.buyer} testId="statement-buyer" />
          <PartyCard label={t('statements.sellerParty')} party={statement.seller} testId="statement-seller" />
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Pair label={t('statements.product')} value={order.operationTitle} />
          <Pair label={t('statements.operation')} value={order.operationReference} />
          <Pair label={t('statements.reference')} value={order.paymentReference} testId="statement-reference" />
          <Pair label={t('statements.volume')} value={`${order.volume} t`} />
          <Pair label={t('statements.pricePerTon')} value={f.perTon(order.pricePerTonCents)} />
          <Pair label={t('statements.amount')} value={f.money(order.amountCents)} />
          <Pair label={t('statements.orderedAt')} value={f.date(order.createdAt)} />
          <Pair label={t('statements.held')} value={f.money(statement.heldCents)} />
          {order.termsVersion && <Pair label={t('statements.termsVersion')} value={order.termsVersion} />}
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
                key={`${movement.transferId}-${movement.kind}`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="statement-movement"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-brand-900">{t(`statements.kinds.${movement.kind}`)}</span>
                  <span className="text-lg font-bold text-brand-900 tabular-nums">{f.money(movement.amountCents)}</span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{f.date(movement.createdAt)}</p>
                <p className="mt-1 text-xs break-all text-slate-500">
                  {t('statements.transferId')}: <span data-testid="statement-transfer">{movement.transferId}</span>
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
            <Pair label={t('statements.bankName')} value={bank.bankName} />
            <Pair label={t('statements.accountName')} value={bank.accountName} />
            <Pair label={t('statements.accountNumber')} value={bank.accountNumber} />
            <Pair label={t('participate.swift')} value={bank.swift} />
            {bank.bankAddress && <Pair label={t('statements.bankAddress')} value={bank.bankAddress} />}
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
  return <StatementState query={query}>{(statement) => <SellerStatementBody statement={statement} />}</StatementState>;
}

function SellerStatementBody({ statement }: { statement: SellerStatement }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { operation } = statement;
  return (
    <div className="space-y-8">
      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <Letterhead
          issuer={statement.issuer}
          numberLabel={t('statements.seller.number')}
          number={statement.statementNumber}
          issuedAt={statement.generatedAt}
          download={<DownloadLink path={`/api/seller/operations/${operation.id}/statement`} timeZone={f.timeZone} />}
        />
        <p className="text-sm text-slate-600" data-testid="statement-time-zone">
          {f.zone(statement.generatedAt)}
        </p>
        <PartyCard label={t('statements.sellerParty')} party={statement.seller} testId="statement-seller" />
        <dl className="grid gap-4 sm:grid-cols-4">
          <Pair label={t('statements.product')} value={operation.title} />
          <Pair label={t('statements.operation')} value={operation.reference} />
          <Pair label={t('statements.volume')} value={`${operation.totalTons} t`} />
          <Pair label={t('statements.pricePerTon')} value={f.perTon(operation.pricePerTonCents)} />
        </dl>
        <dl className="grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-4">
          <Pair label={t('statements.seller.gross')} value={f.money(statement.totals.grossCents)} />
          <Pair
            label={t('statements.seller.fee')}
            value={f.money(statement.totals.feeCents)}
            testId="seller-fee-total"
          />
          <Pair
            label={t('statements.seller.net')}
            value={f.money(statement.totals.netCents)}
            testId="seller-net-total"
          />
          <Pair label={t('statements.seller.currentFee')} value={f.percent(statement.currentFeeBps)} />
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
                key={payout.transferId}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="seller-payout"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold break-words text-brand-900">
                    {payout.buyer?.legalName ?? payout.paymentReference}
                  </span>
                  <span className="text-sm text-slate-600">{f.date(payout.createdAt)}</span>
                </div>
                {payout.buyer && (
                  <p className="mt-1 text-sm text-slate-600">
                    {t('statements.taxId')}: {payout.buyer.taxId ?? t('statements.taxIdMissing')} · {payout.volume} t
                  </p>
                )}
                <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
                  <Pair label={t('statements.seller.gross')} value={f.money(payout.grossCents)} />
                  <Pair
                    label={t('statements.seller.fee')}
                    value={
                      payout.feeBps === null
                        ? f.money(payout.feeCents)
                        : `${f.money(payout.feeCents)} (${f.percent(payout.feeBps)})`
                    }
                  />
                  <Pair label={t('statements.seller.net')} value={f.money(payout.netCents)} />
                </dl>
                <p className="mt-2 text-xs break-all text-slate-500">
                  {t('statements.reference')}: {payout.paymentReference} · {t('statements.transferId')}:{' '}
                  {payout.transferId}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
