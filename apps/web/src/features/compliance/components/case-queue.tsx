import { type ComplianceCase, type ComplianceCaseStatus } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { useComplianceCases } from '../api/compliance';
import { CaseStatusBadge, formatScore } from './case-status-badge';

const FILTERS: (ComplianceCaseStatus | 'all')[] = ['open', 'confirmed', 'cleared', 'all'];
const PAGE = 50;

/** The screening queue: possible matches by status, open ones oldest first, 50 a page. */
export function CaseQueue() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ComplianceCaseStatus | 'all'>('open');
  const [offset, setOffset] = useState(0);
  const cases = useComplianceCases(status, offset);

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
            onClick={() => {
              setStatus(filter);
              setOffset(0);
            }}
          >
            {t(`compliance.queue.filters.${filter}`)}
            {cases.data && filter !== 'all' ? ` (${cases.data.counts[filter]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-4">
        <QueryState query={cases} isEmpty={(page) => page.data.length === 0} empty={t('compliance.queue.empty')}>
          {(page) => (
            <>
              <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
                <DataTable
                  caption={t('compliance.queue.title')}
                  columns={columns}
                  rows={page.data}
                  rowKey={(item) => item.id}
                />
              </div>
              {(offset > 0 || page.hasMore) && (
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={offset === 0}
                    onClick={() => setOffset(Math.max(0, offset - PAGE))}
                  >
                    {t('compliance.queue.previous')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!page.hasMore}
                    onClick={() => setOffset(offset + PAGE)}
                  >
                    {t('compliance.queue.next')}
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
