import { formatUsd } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KpiCard } from '../../../components/ui/kpi-card';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatNumber, toLocale } from '../../../lib/format';
import { useAdminDashboard } from '../api/dashboards';
import { ColumnChart, ProgressChart } from './charts';

const QUEUES = [
  { to: '/admin/kyc/users', key: 'kycUsers' },
  { to: '/admin/offer-reviews', key: 'kycOperations' },
  { to: '/admin/payments', key: 'payments' },
  { to: '/admin/operations', key: 'operations' },
  { to: '/admin/messages', key: 'messages' },
  { to: '/admin/outbox', key: 'outbox' },
  { to: '/admin/settings', key: 'settings' },
] as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** /admin: the queues' counts, escrow held, this month's volume, two charts and the way into each queue. */
export function AdminDashboard() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const kpis = data?.kpis ?? (dashboard.isError ? null : undefined);
  const number = (value: number | undefined) =>
    value === undefined ? (kpis === null ? '0' : '…') : formatNumber(value, i18n.language);
  const money = (cents: number | undefined) =>
    cents === undefined ? (kpis === null ? formatUsd(0, locale) : '…') : formatUsd(cents, locale);
  const monthLabel = (month: string) =>
    formatDate(`${month}-01T12:00:00Z`, i18n.language, { month: 'short', year: '2-digit' });

  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <KpiCard label={t('adminDashboard.kpis.usersAwaitingKyc')} value={number(kpis?.usersAwaitingKyc)} />
        <KpiCard
          label={t('adminDashboard.kpis.operationsAwaitingApproval')}
          value={number(kpis?.operationsAwaitingApproval)}
        />
        <KpiCard label={t('adminDashboard.kpis.paymentsToVerify')} value={number(kpis?.paymentsToVerify)} />
        <KpiCard label={t('adminDashboard.kpis.escrowHeld')} value={money(kpis?.escrowHeldCents)} />
        <KpiCard
          label={t('adminDashboard.kpis.volumeThisMonth')}
          value={kpis ? `${number(kpis.volumeThisMonthTons)} t` : number(undefined)}
          hint={kpis ? formatUsd(kpis.volumeThisMonthCents, locale) : undefined}
        />
      </dl>

      <nav aria-label={t('adminDashboard.queuesTitle')}>
        <h2 className="text-lg font-semibold text-brand-900">{t('adminDashboard.queuesTitle')}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {QUEUES.map((queue) => (
            <li key={queue.key}>
              <Link
                to={queue.to}
                className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold text-brand-900 shadow-sm hover:border-accent-600 hover:bg-accent-50"
              >
                {t(`adminDashboard.queues.${queue.key}`)}
                <span className="mt-1 block text-sm font-normal text-slate-600">
                  {t(`adminDashboard.queueHints.${queue.key}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('adminDashboard.volumeChart')}>
          <QueryState query={dashboard} skeletonClassName="h-48 w-full rounded-lg">
            {(loaded) => (
              <ColumnChart
                title={t('adminDashboard.volumeChart')}
                points={loaded.volumeByMonth.map((row) => ({
                  label: monthLabel(row.month),
                  value: row.tons,
                  display: `${formatNumber(row.tons, i18n.language)} t`,
                }))}
              />
            )}
          </QueryState>
        </Panel>
        <Panel title={t('adminDashboard.allocationChart')}>
          <QueryState
            query={dashboard}
            isEmpty={(loaded) => loaded.allocation.length === 0}
            empty={t('adminDashboard.noOpenOperations')}
            skeletonClassName="h-48 w-full rounded-lg"
          >
            {(loaded) => (
              <ProgressChart
                title={t('adminDashboard.allocationChart')}
                rows={loaded.allocation.map((row) => ({
                  id: row.id,
                  label: row.title,
                  value: row.allocatedTons,
                  max: row.totalTons,
                  display: `${formatNumber(row.allocatedTons, i18n.language)} / ${formatNumber(row.totalTons, i18n.language)} t`,
                }))}
              />
            )}
          </QueryState>
        </Panel>
      </div>
    </div>
  );
}
