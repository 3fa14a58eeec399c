import { PARTNER_OPERATIONS_PAGE_SIZE } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { InnerPage } from '../../components/ui/inner-page';
import { QueryState } from '../../components/ui/query-state';
import { usePartnerOperations } from '../../features/partners/api/partners';

/** /partner/operations: the deals an admin assigned to the logistics partner or inspector, a page at a time. */
export function PartnerOperationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const operations = usePartnerOperations(page);
  return (
    <InnerPage title={t('partnerArea.title')} description={t('partnerArea.subtitle')} className="max-w-3xl">
      <div className="mt-6">
        <QueryState query={operations} isEmpty={(data) => data.total === 0} empty={t('partnerArea.empty')}>
          {(data) => (
            <>
              <ul className="flex flex-col gap-3" data-testid="partner-operations">
                {data.items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={`/partner/operations/${encodeURIComponent(item.id)}`}
                      className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-accent-600"
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold text-slate-900">{item.title}</p>
                        <Badge tone="brand">{t(`operationStatus.${item.status}`)}</Badge>
                      </div>
                      {item.destinationPort && <p className="mt-1 text-sm text-slate-600">{item.destinationPort}</p>}
                      <p className="mt-2 text-sm text-slate-700">
                        {item.nextSteps.length > 0
                          ? t('partnerArea.next', {
                              steps: item.nextSteps.map((step) => t(`partnerArea.steps.${step}`)).join(', '),
                            })
                          : t('partnerArea.nothingNext')}
                      </p>
                    </Link>
                  </li>
                ))}
              </ul>
              {data.total > PARTNER_OPERATIONS_PAGE_SIZE && (
                <div className="mt-4 flex gap-2">
                  <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    ‹
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={page * PARTNER_OPERATIONS_PAGE_SIZE >= data.total}
                    onClick={() => setPage(page + 1)}
                  >
                    ›
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
