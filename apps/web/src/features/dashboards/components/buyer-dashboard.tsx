import { type BuyerOrder, OPERATION_LIST_FILTERS, type OperationListFilter, formatUsd } from '@tradeops/shared';
import { type ComponentProps, type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { KpiCard } from '../../../components/ui/kpi-card';
import { LoadMore, NextPageButton } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { formatDate, formatNumber, toLocale } from '../../../lib/format';
import { useBuyerDashboard, useBuyerOrders, useOperationsPages } from '../api/dashboards';
import { DataTable } from '../../../components/ui/data-table';

/** buyer_kpis: active operations, total volume, completed (zeros while loading fails, spec §8). */
export function BuyerKpis() {
  const { t, i18n } = useTranslation();
  const dashboard = useBuyerDashboard();
  const kpis = dashboard.data?.kpis ?? (dashboard.isError ? { activeOps: 0, totalVolume: 0, completedOps: 0 } : null);
  const show = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value, i18n.language));
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <KpiCard label={t('buyerArea.kpis.activeOps')} value={show(kpis?.activeOps)} />
      <KpiCard label={t('buyerArea.kpis.totalVolume')} value={kpis ? `${show(kpis.totalVolume)} t` : '…'} />
      <KpiCard label={t('buyerArea.kpis.completedOps')} value={show(kpis?.completedOps)} />
    </dl>
  );
}

/** The buyer's newest orders, on the dashboard, from its own answer (the first page of GET /api/buyer/orders). */
export function RecentBuyerOrders({ limit }: { limit: number }) {
  const dashboard = useBuyerDashboard();
  return <OrdersState query={dashboard} ordersOf={(data) => data.orders.slice(0, limit)} />;
}

/** "See all your orders (131)": the way from the dashboard to the whole list, with how many there are. */
export function SeeAllBuyerOrders() {
  const { t, i18n } = useTranslation();
  const dashboard = useBuyerDashboard();
  if (!dashboard.data || dashboard.data.ordersTotal === 0) return null;
  return (
    <Link to="/buyer/operations" className="text-sm font-semibold text-accent-800 underline underline-offset-2">
      {t('buyerArea.seeAllOrders', { total: formatNumber(dashboard.data.ordersTotal, i18n.language) })}
    </Link>
  );
}

/** Every order of the buyer, a page at a time: payment and escrow state and the way into each operation room. */
export function BuyerOrders() {
  const list = useBuyerOrders();
  return <OrdersState query={list} ordersOf={(data) => data.items} footer={<LoadMore list={list} />} />;
}

/** A list of the buyer's orders through QueryState: "no orders" with the way to browse when there are none. */
function OrdersState<T>({
  query,
  ordersOf,
  footer,
}: {
  query: ComponentProps<typeof QueryState<T>>['query'];
  ordersOf: (data: T) => BuyerOrder[];
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      isEmpty={(data) => ordersOf(data).length === 0}
      empty={t('buyerArea.noOrders')}
      emptyAction={<ButtonLink to="/operations">{t('buyerArea.browse')}</ButtonLink>}
      skeletonClassName="h-32 w-full rounded-xl"
    >
      {(data) => (
        <>
          <ul className="grid gap-3">
            {ordersOf(data).map((row) => (
              <OrderRow key={row.id} row={row} />
            ))}
          </ul>
          {footer}
        </>
      )}
    </QueryState>
  );
}

function OrderRow({ row }: { row: BuyerOrder }) {
  const { t, i18n } = useTranslation();
  const isLive = row.status === 'active';
  const needsProof = isLive && (row.paymentStatus === 'pending' || row.paymentStatus === 'rejected');
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="buyer-order">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-brand-900">{row.operationTitle}</h3>
          <p className="text-sm text-slate-600">
            {formatNumber(row.volume, i18n.language)} t · {formatUsd(row.amountCents, toLocale(i18n.language))} ·{' '}
            {formatDate(row.createdAt, i18n.language)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge
            tone={
              row.paymentStatus === 'confirmed' ? 'success' : row.paymentStatus === 'rejected' ? 'danger' : 'warning'
            }
          >
            {t(`offers.payment.${row.paymentStatus}`)}
          </Badge>
          <Badge tone={row.escrowState === 'held' ? 'accent' : 'neutral'}>
            {t(`offers.escrow.${row.escrowState}`)}
          </Badge>
          {!isLive && <Badge>{t(`buyerArea.orderStatus.${row.status === 'expired' ? 'expired' : 'cancelled'}`)}</Badge>}
          {row.dispute && (
            <Badge tone={row.dispute.status === 'open' ? 'danger' : 'neutral'}>
              {t(`disputes.dashboard.${row.dispute.status === 'open' ? 'open' : (row.dispute.decision ?? 'release')}`)}
            </Badge>
          )}
        </div>
      </div>
      {row.refundedCents > 0 && row.paidOutAt && (
        <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="buyer-order-refund">
          {t('disputes.yourRefund', {
            amount: formatUsd(row.refundedCents, toLocale(i18n.language)),
            date: formatDate(row.paidOutAt, i18n.language, { dateStyle: 'long' }),
          })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink size="sm" variant="secondary" to={`/operation/${row.operationId}/waiting`}>
          {t('buyerArea.operationRoom')}
        </ButtonLink>
        <ButtonLink size="sm" variant="ghost" to={`/buyer/statements/${row.id}`} data-testid="buyer-statement-link">
          {t('statements.open')}
        </ButtonLink>
        {needsProof && (
          <ButtonLink size="sm" variant="ghost" to={`/operation/${row.operationId}/participate`}>
            {t('buyerArea.uploadProof')}
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

/** Spec §7's operations list: all / active / pending, product search, newest first, 100 a page. */
export function OperationsBrowser() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<OperationListFilter>('all');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const pages = useOperationsPages(status, deferred);
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ToggleGroup
          label={t('buyerArea.filterLabel')}
          options={OPERATION_LIST_FILTERS.map((value) => ({ value, label: t(`buyerArea.filters.${value}`) }))}
          value={status}
          onChange={setStatus}
          className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
          optionClassName={(pressed) =>
            pressed
              ? 'rounded-md bg-brand-900 px-3 py-1.5 text-sm font-semibold text-white'
              : 'rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100'
          }
        />
        <label className="block sm:w-72">
          <span className="sr-only">{t('buyerArea.searchLabel')}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('buyerArea.searchPlaceholder')}
            maxLength={100}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          />
        </label>
      </div>
      <div className="mt-4">
        <QueryState
          query={pages}
          isEmpty={(data) => data.pages.every((page) => page.data.length === 0)}
          empty={t('buyerArea.noOperations')}
          skeletonClassName="h-40 w-full rounded-xl"
        >
          {(data) => (
            <DataTable
              className="sm:overflow-hidden sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm"
              caption={t('buyerArea.operationsTitle')}
              rows={data.pages.flatMap((page) => page.data)}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: 'product',
                  header: t('buyerArea.columns.product'),
                  cell: (row) => (
                    <>
                      <Link
                        to={`/operation/${row.id}`}
                        className="font-medium text-accent-800 underline-offset-2 hover:underline"
                      >
                        {row.title}
                      </Link>
                      <span className="block text-xs text-slate-500">
                        {t(`productCategories.${row.productCategory}`)}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'origin',
                  header: t('buyerArea.columns.origin'),
                  cell: (row) => t(`countries.${row.originCountry}` as never, { defaultValue: row.originCountry }),
                },
                {
                  key: 'minVolume',
                  header: t('buyerArea.columns.minVolume'),
                  cell: (row) => `${formatNumber(row.minVolume, i18n.language)} t`,
                },
                {
                  key: 'price',
                  header: t('buyerArea.columns.price'),
                  cell: (row) => formatUsd(Math.round(row.priceUsd * 100), toLocale(i18n.language)),
                },
                {
                  key: 'status',
                  header: t('buyerArea.columns.status'),
                  cell: (row) => t(`operationStatus.${row.status}`),
                },
              ]}
            />
          )}
        </QueryState>
        <NextPageButton list={pages} label={t('buyerArea.loadMore')} className="mt-4" />
      </div>
    </div>
  );
}
