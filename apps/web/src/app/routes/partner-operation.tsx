import { type PartnerOperationResponse } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InnerPage } from '../../components/ui/inner-page';
import { QueryState } from '../../components/ui/query-state';
import { formatDate } from '../../lib/format';
import { usePartnerOperation } from '../../features/partners/api/partners';
import { PartnerStepForm } from '../../features/partners/components/partner-step-form';
import { TradeDocumentsPanel } from '../../features/partners/components/trade-documents-panel';

type Milestone = PartnerOperationResponse['milestones'][number];

/** A step's details as short lines: the B/L, vessel and containers, the measured weight, a new ETA. */
function useDetailLines() {
  const { t, i18n } = useTranslation();
  return (milestone: Milestone): string[] => {
    const d = milestone.details ?? {};
    const lines: string[] = [];
    if (d.blNumber !== undefined) lines.push(t('partnerArea.details.bl', { value: d.blNumber }));
    if (d.vessel !== undefined) {
      lines.push(t('partnerArea.details.vessel', { vessel: d.vessel, voyage: d.voyage ?? '' }));
    }
    if (d.containers !== undefined) lines.push(t('partnerArea.details.containers', { value: d.containers.join(', ') }));
    if (d.netWeightKg !== undefined) {
      lines.push(t('partnerArea.details.netWeight', { value: d.netWeightKg.toLocaleString(i18n.language) }));
    }
    if (d.quality !== undefined) lines.push(t('partnerArea.details.quality', { value: d.quality }));
    if (d.eta !== undefined) {
      lines.push(
        t('partnerArea.details.eta', {
          value: formatDate(d.eta, i18n.language, { dateStyle: 'long', timeZone: 'UTC' }),
        }),
      );
    }
    return lines;
  };
}

/** /partner/operations/:id: one assigned deal, its recorded steps (and who recorded each), the next step's form and the documents. */
export function PartnerOperationPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const operation = usePartnerOperation(id);
  const detailLines = useDetailLines();
  return (
    <InnerPage
      back={{ to: '/partner/operations', label: t('partnerArea.back') }}
      title={operation.data?.title ?? t('partnerArea.title')}
      description={operation.data ? t(`partnerArea.roles.${operation.data.role}`) : undefined}
      className="max-w-3xl"
    >
      <div className="mt-6">
        <QueryState query={operation}>
          {(data) => (
            <div className="flex flex-col gap-6">
              <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
                <div>
                  <dt className="text-slate-500">{t('partnerArea.facts.status')}</dt>
                  <dd className="font-medium text-slate-900">{t(`operationStatus.${data.status}`)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('partnerArea.facts.tons')}</dt>
                  <dd className="font-medium text-slate-900">{t('common.tons', { count: data.totalTons })}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('partnerArea.facts.origin')}</dt>
                  <dd className="font-medium text-slate-900">
                    {t(`countries.${data.originCountry}`, { defaultValue: data.originCountry })}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('partnerArea.facts.port')}</dt>
                  <dd className="font-medium text-slate-900">{data.destinationPort ?? '—'}</dd>
                </div>
              </dl>

              {data.nextSteps.map((step) => (
                <section key={step} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
                  <h2 className="mb-4 text-lg font-semibold text-slate-900">
                    {t('partnerArea.record', { step: t(`partnerArea.steps.${step}`) })}
                  </h2>
                  <PartnerStepForm operationId={data.id} step={step} />
                </section>
              ))}
              {data.nextSteps.length === 0 && <p className="text-sm text-slate-600">{t('partnerArea.nothingNext')}</p>}

              <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">{t('partnerArea.history')}</h2>
                {data.milestones.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">{t('partnerArea.noHistory')}</p>
                ) : (
                  <ol className="mt-3 flex flex-col gap-3" data-testid="partner-history">
                    {data.milestones.map((milestone, index) => (
                      <li key={`${milestone.kind}-${index}`} className="border-l-2 border-accent-600 pl-3">
                        <p className="font-medium text-slate-900">
                          {t(`operationRoom.timeline.${milestone.kind}`)} ·{' '}
                          {formatDate(milestone.occurredAt, i18n.language, { dateStyle: 'long', timeZone: 'UTC' })}
                        </p>
                        {milestone.recordedBy && (
                          <p className="text-sm text-slate-600">
                            {t('partnerArea.recordedBy', { company: milestone.recordedBy })}
                          </p>
                        )}
                        {detailLines(milestone).map((line) => (
                          <p key={line} className="text-sm text-slate-700">
                            {line}
                          </p>
                        ))}
                      </li>
                    ))}
                  </ol>
                )}
              </section>

              <TradeDocumentsPanel operationId={data.id} />
            </div>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
