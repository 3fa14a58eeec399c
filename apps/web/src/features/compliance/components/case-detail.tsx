import { type ComplianceCaseDetailResponse } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { inputClasses } from '../../../components/ui/form';
import { formatDate } from '../../../lib/format';
import { useDecideCase } from '../api/compliance';
import { CaseStatusBadge, StandingBadge, formatScore } from './case-status-badge';

type ScreeningRow = ComplianceCaseDetailResponse['screenings'][number];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** A case: who was screened, the listed entry it matched (list, program, aliases, score), the decision and the company's screenings. */
export function CaseDetail({ detail }: { detail: ComplianceCaseDetailResponse }) {
  const { t, i18n } = useTranslation();
  const item = detail.case;
  const decide = useDecideCase(item.id);
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<'clear' | 'confirm' | null>(null);
  const when = (value: string) => formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (decision) decide.mutate({ decision, reason });
  }

  const columns: DataColumn<ScreeningRow>[] = [
    { key: 'when', header: t('compliance.case.screenedAt'), cell: (row) => when(row.createdAt) },
    { key: 'trigger', header: t('compliance.case.trigger'), cell: (row) => t(`compliance.triggers.${row.trigger}`) },
    { key: 'decision', header: t('compliance.case.outcome'), cell: (row) => <StandingBadge status={row.decision} /> },
    {
      key: 'score',
      header: t('compliance.case.bestScore'),
      isNumeric: true,
      cell: (row) => formatScore(row.bestScore),
    },
    {
      key: 'lists',
      header: t('compliance.case.versions'),
      cell: (row) =>
        row.listVersions
          .map(
            (version) =>
              `${t(`compliance.sources.${version.source}`)}${version.publishedAt ? ` (${formatDate(version.publishedAt, i18n.language)})` : ''}`,
          )
          .join(', '),
    },
    {
      key: 'actor',
      header: t('compliance.case.actor'),
      cell: (row) => row.actorEmail ?? t('compliance.case.platform'),
    },
  ];

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="case-match-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="case-match-title" className="text-lg font-semibold text-brand-900">
            {t('compliance.case.match')}
          </h2>
          <CaseStatusBadge status={item.status} />
        </div>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label={t('compliance.case.company')}>
            {item.companyName} {item.email && <span className="text-slate-500">· {item.email}</span>}{' '}
            <StandingBadge status={item.companyStatus} />
          </Row>
          <Row label={t('compliance.case.screenedName')}>
            {item.subjectName} ({t(`compliance.subjects.${item.subject}`)})
          </Row>
          <Row label={t('compliance.case.listedName')}>{item.entry.name}</Row>
          <Row label={t('compliance.case.matchedName')}>{item.matchedName}</Row>
          <Row label={t('compliance.case.score')}>{formatScore(item.score)}</Row>
          <Row label={t('compliance.case.list')}>
            {t(`compliance.sources.${item.entry.source}`)} · {t('compliance.case.reference', { ref: item.entry.ref })}
          </Row>
          <Row label={t('compliance.case.programs')}>{item.entry.programs.join(', ') || '—'}</Row>
          {item.entry.aliases.length > 0 && (
            <Row label={t('compliance.case.aliases')}>{item.entry.aliases.join(' · ')}</Row>
          )}
          {item.entry.countries.length > 0 && (
            <Row label={t('compliance.case.countries')}>{item.entry.countries.join(', ')}</Row>
          )}
          {item.entry.birthDates.length > 0 && (
            <Row label={t('compliance.case.birthDates')}>{item.entry.birthDates.join(', ')}</Row>
          )}
          <Row label={t('compliance.case.opened')}>{when(item.createdAt)}</Row>
          {item.decidedAt && (
            <Row label={t('compliance.case.decided')}>
              {when(item.decidedAt)} · {item.decidedByEmail ?? '—'}
              <span className="block text-slate-700">{item.decisionReason}</span>
            </Row>
          )}
        </dl>
      </section>

      {item.status === 'open' && (
        <form
          onSubmit={submit}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          aria-labelledby="case-decision-title"
        >
          <h2 id="case-decision-title" className="text-lg font-semibold text-brand-900">
            {t('compliance.case.decide')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('compliance.case.decideHelp')}</p>
          <fieldset className="mt-3 space-y-2">
            <legend className="sr-only">{t('compliance.case.decide')}</legend>
            {(['clear', 'confirm'] as const).map((option) => (
              <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="decision"
                  value={option}
                  checked={decision === option}
                  onChange={() => setDecision(option)}
                  className="mt-1"
                />
                <span>
                  {t(`compliance.case.decisions.${option}`)}
                  <span className="block text-xs text-slate-500">{t(`compliance.case.decisions.${option}Help`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <label htmlFor="case-reason" className="mt-4 block text-sm font-medium text-slate-800">
            {t('compliance.case.reason')}
          </label>
          <textarea
            id="case-reason"
            required
            minLength={3}
            rows={3}
            className={`mt-1 ${inputClasses(false)}`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {decide.isError && <Alert className="mt-3">{decide.error.message}</Alert>}
          <Button type="submit" className="mt-4" disabled={!decision || decide.isPending}>
            {decision === 'confirm' ? t('compliance.case.confirmSubmit') : t('compliance.case.clearSubmit')}
          </Button>
        </form>
      )}

      <section aria-labelledby="case-screenings-title">
        <h2 id="case-screenings-title" className="text-lg font-semibold text-brand-900">
          {t('compliance.case.screenings')}
        </h2>
        <div className="mt-3 sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
          <DataTable
            caption={t('compliance.case.screenings')}
            columns={columns}
            rows={detail.screenings}
            rowKey={(row) => row.id}
          />
        </div>
      </section>
    </div>
  );
}
