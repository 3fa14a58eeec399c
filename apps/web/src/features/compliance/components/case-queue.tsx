import { type ComplianceCase, type ComplianceCaseStatus } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { LoadMore, WaitingTotal } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { useComplianceCases } from '../api/compliance';
import { CaseStatusBadge, formatScore } from './case-status-badge';

const FILTERS: (ComplianceCaseStatus | 'all')[] = ['open', 'confirmed', 'cleared', 'all'];

/**
 * The screening queue: possible matches by status, open ones oldest first, a page at a time (Load
 * more) with how many the status holds and the count of each status on its filter.
 */
export function CaseQueue() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ComplianceCaseStatus | 'all'>('open');
  const cases = useComplianceCases(status);
  const counts = cases.firstPage?.counts;

  const columns: DataColumn<ComplianceCase>[] = [
    {
      key: 'company',
      header: t('compliance.queue.company'),
      cell: (item) => (
        <Link to={`/admin/compliance/cases/${item.id}`} className="font-medium text-brand-900 underline">
          {item.companyName}
        </Link>
      ),
    },
    {
      key: 'screened',
      header: t('compliance.queue.screened'),
      cell: (item) => (
        <span>
          {item.subjectName}
          <span className="block text-xs text-slate-500">{t(`compliance.subjects.${item.subject}`)}</span>
        </span>
      ),
    },
    {
      key: 'entry',
      header: t('compliance.queue.entry'),
      cell: (item) => (
        <span>
          {item.entry.name}
          <span className="block text-xs text-slate-500">
            {t(`compliance.sources.${item.entry.source}`)} · {item.entry.programs.join(', ')}
          </span>
        </span>
      ),
    },
    { key: 'score', header: t('compliance.queue.score'), isNumeric: true, cell: (item) => formatScore(item.score) },
    { key: 'status', header: t('compliance.queue.status'), cell: (item) => <CaseStatusBadge status={item.status} /> },
    {
      key: 'opened',
      header: t('compliance.queue.opened'),
      cell: (item) => formatDate(item.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    },
  ];

  return (
    <section aria-labelledby="compliance-queue-title">
      <h2 id="compliance-queue-title" className="text-lg font-semibold text-brand-900">
        {t('compliance.queue.title')}
      </h2>
      <div role="group" aria-label={t('compliance.queue.filter')} className="mt-3 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={filter === status ? 'primary' : 'secondary'}
            aria-pressed={filter === status}
            onClick={() => setStatus(filter)}
          >
            {t(`compliance.queue.filters.${filter}`)}
            {counts && filter !== 'all' ? ` (${counts[filter]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-4">
        <QueryState query={cases} isEmpty={(page) => page.items.length === 0} empty={t('compliance.queue.empty')}>
          {(page) => (
            <>
              <WaitingTotal list={page} className="mb-3 text-sm font-medium text-slate-700" />
              <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
                <DataTable
                  caption={t('compliance.queue.title')}
                  columns={columns}
                  rows={page.items}
                  rowKey={(item) => item.id}
                />
              </div>
              <LoadMore list={cases} />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
