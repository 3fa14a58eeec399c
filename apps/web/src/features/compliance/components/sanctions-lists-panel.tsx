import { SANCTIONS_SOURCES, type SanctionsSource } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { useRescreenAll, useSanctionsLists, useUploadSanctionsList } from '../api/compliance';

/** The files each list's upload takes, the first required (OFAC's CSV trio, one file for UN and EU). */
type FileRole = 'sdn' | 'alt' | 'add' | 'list';
const FILE_ROLES: Record<SanctionsSource, { role: FileRole; accept: string; isRequired: boolean }[]> = {
  ofac_sdn: [
    { role: 'sdn', accept: '.csv', isRequired: true },
    { role: 'alt', accept: '.csv', isRequired: false },
    { role: 'add', accept: '.csv', isRequired: false },
  ],
  un_consolidated: [{ role: 'list', accept: '.xml', isRequired: true }],
  eu_consolidated: [{ role: 'list', accept: '.csv', isRequired: true }],
};

/** The lists in force and their versions, the upload of a new version, and the re-screening's progress. */
export function SanctionsListsPanel() {
  const { t, i18n } = useTranslation();
  const lists = useSanctionsLists();
  const upload = useUploadSanctionsList();
  const rescreen = useRescreenAll();
  const [source, setSource] = useState<SanctionsSource>('ofac_sdn');
  const [files, setFiles] = useState<Record<string, File>>({});
  const when = (value: string | null) => (value ? formatDate(value, i18n.language, { dateStyle: 'medium' }) : '—');

  function submit(event: FormEvent) {
    event.preventDefault();
    upload.mutate({ source, files }, { onSuccess: () => setFiles({}) });
  }

  return (
    <section aria-labelledby="compliance-lists-title" className="mt-10">
      <h2 id="compliance-lists-title" className="text-lg font-semibold text-brand-900">
        {t('compliance.lists.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('compliance.lists.help')}</p>
      <QueryState query={lists} isEmpty={() => false} empty={null}>
        {(data) => (
          <>
            <ul className="mt-4 grid gap-3 sm:grid-cols-3">
              {SANCTIONS_SOURCES.map((item) => {
                const active = data.lists.find((list) => list.source === item && list.status === 'active');
                return (
                  <li key={item} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <p className="font-medium text-brand-900">{t(`compliance.sources.${item}`)}</p>
                    {active ? (
                      <p className="mt-1 text-sm text-slate-700">
                        {t('compliance.lists.inForce', {
                          entries: active.entryCount.toLocaleString(i18n.language),
                          aliases: active.aliasCount.toLocaleString(i18n.language),
                        })}
                        <span className="block text-xs text-slate-500">
                          {t('compliance.lists.published', { date: when(active.publishedAt) })} ·{' '}
                          {t('compliance.lists.loaded', { date: when(active.activatedAt) })}
                        </span>
                      </p>
                    ) : (
                      <p className="mt-1 text-sm text-rose-800">{t('compliance.lists.none')}</p>
                    )}
                  </li>
                );
              })}
            </ul>
            {data.lists.some((list) => list.status === 'loading' || list.status === 'failed') && (
              <ul className="mt-3 space-y-2">
                {data.lists
                  .filter((list) => list.status === 'loading' || list.status === 'failed')
                  .slice(0, 3)
                  .map((list) => (
                    <li key={list.id} className="text-sm">
                      <Badge tone={list.status === 'failed' ? 'danger' : 'brand'}>
                        {t(`compliance.lists.statuses.${list.status}`)}
                      </Badge>{' '}
                      {t(`compliance.sources.${list.source}`)} · {list.fileNames.join(', ')}
                      {list.error && <span className="block text-xs text-rose-800">{list.error}</span>}
                    </li>
                  ))}
              </ul>
            )}
            {data.rescreens[0] && (
              <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-sm font-medium text-brand-900">
                  {t(`compliance.rescreen.statuses.${data.rescreens[0].status}`)}
                </p>
                <ProgressBar
                  className="mt-2"
                  label={t('compliance.rescreen.progress')}
                  value={data.rescreens[0].screened}
                  max={Math.max(1, data.rescreens[0].total)}
                  valueText={t('compliance.rescreen.counts', {
                    screened: data.rescreens[0].screened,
                    total: data.rescreens[0].total,
                  })}
                />
                <p className="mt-2 text-xs text-slate-600">
                  {t('compliance.rescreen.counts', {
                    screened: data.rescreens[0].screened,
                    total: data.rescreens[0].total,
                  })}{' '}
                  · {t('compliance.rescreen.cases', { count: data.rescreens[0].casesOpened })}
                </p>
              </div>
            )}
          </>
        )}
      </QueryState>
      <form onSubmit={submit} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h3 className="font-medium text-brand-900">{t('compliance.upload.title')}</h3>
        <label className="mt-3 block text-sm font-medium text-slate-800" htmlFor="list-source">
          {t('compliance.upload.source')}
        </label>
        <select
          id="list-source"
          className={`mt-1 ${inputClasses(false)}`}
          value={source}
          onChange={(event) => {
            setSource(event.target.value as SanctionsSource);
            setFiles({});
          }}
        >
          {SANCTIONS_SOURCES.map((item) => (
            <option key={item} value={item}>
              {t(`compliance.sources.${item}`)}
            </option>
          ))}
        </select>
        {FILE_ROLES[source].map(({ role, accept, isRequired }) => (
          <div key={`${source}-${role}`} className="mt-3">
            <label className="block text-sm font-medium text-slate-800" htmlFor={`list-file-${role}`}>
              {t(`compliance.upload.files.${role}`)}
              {!isRequired && <span className="font-normal text-slate-500"> ({t('compliance.upload.optional')})</span>}
            </label>
            <input
              id={`list-file-${role}`}
              type="file"
              accept={accept}
              required={isRequired}
              className="mt-1 block w-full text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                setFiles((current) => {
                  const next = { ...current };
                  if (file) next[role] = file;
                  else delete next[role];
                  return next;
                });
              }}
            />
          </div>
        ))}
        {upload.isError && <Alert className="mt-3">{upload.error.message}</Alert>}
        {upload.isSuccess && (
          <Alert tone="success" className="mt-3">
            {t('compliance.upload.done')}
          </Alert>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? t('compliance.upload.sending') : t('compliance.upload.submit')}
          </Button>
          <Button variant="secondary" disabled={rescreen.isPending} onClick={() => rescreen.mutate()}>
            {t('compliance.rescreen.start')}
          </Button>
        </div>
        {rescreen.isError && <Alert className="mt-3">{rescreen.error.message}</Alert>}
      </form>
    </section>
  );
}
