import { formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { useAdminOperations } from '../../features/lifecycle/api/lifecycle';
import { formatDate, toLocale } from '../../lib/format';
import { InnerPage } from '../../components/ui/inner-page';
import { LoadMore } from '../../components/ui/load-more';

/** /admin/operations: every reviewed deal with its stage, allocation, escrow held and next step. */
export function AdminOperationsPage() {
  const { t, i18n } = useTranslation();
  const list = useAdminOperations();
  const locale = toLocale(i18n.language);
  return (
    <InnerPage title={t('lifecycle.listTitle')} description={t('lifecycle.listSubtitle')}>
      <div className="mt-8">
        <QueryState query={list} isEmpty={(rows) => rows.items.length === 0} empty={t('lifecycle.listEmpty')}>
          {(rows) => (
            <>
              <ul className="grid gap-3">
                {rows.items.map((row) => (
                  <li key={row.id}>
                    <Link
                      to={`/admin/operations/${row.id}`}
                      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-700"
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold text-brand-900">{row.title}</span>
                        <Badge tone={row.status === 'settled' ? 'success' : 'brand'}>
                          {t(`operationStatus.${row.status}`)}
                        </Badge>
                      </div>
                      <p className="mt-1 text-sm text-slate-600">
                        {t('lifecycle.allocated', { allocated: row.allocatedTons, total: row.totalTons })} ·{' '}
                        {t('lifecycle.escrowHeld', { amount: formatUsd(row.escrowHeldCents, locale) })} ·{' '}
                        {row.nextStep
                          ? t('lifecycle.next', { step: t(`lifecycle.steps.${row.nextStep}`) })
                          : formatDate(row.updatedAt, i18n.language)}
                      </p>
                    </Link>
                  </li>
                ))}
              </ul>
              <LoadMore list={list} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
