import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { useAssignPartner, useOperationPartners } from '../api/partners';

/** The back office's assignment of a deal's logistics partner and inspector accounts (each change audited). */
export function AdminPartnersPanel({ operationId }: { operationId: string }) {
  const { t, i18n } = useTranslation();
  const partners = useOperationPartners(operationId);
  const change = useAssignPartner(operationId);
  const [choice, setChoice] = useState('');
  return (
    <section aria-labelledby="admin-partners-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="admin-partners-title" className="text-lg font-semibold text-slate-900">
        {t('adminPartners.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('adminPartners.subtitle')}</p>
      {change.error && <Alert className="mt-3">{change.error.message}</Alert>}
      <div className="mt-4">
        <QueryState query={partners} skeletonClassName="h-24 w-full rounded-lg">
          {(data) => (
            <div className="flex flex-col gap-4">
              {data.assigned.length === 0 ? (
                <p className="text-sm text-slate-600">{t('adminPartners.none')}</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="assigned-partners">
                  {data.assigned.map((partner) => (
                    <li key={partner.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div>
                        <p className="font-medium text-slate-900">{partner.companyName}</p>
                        <p className="text-sm text-slate-600">
                          {t(`partnerArea.roles.${partner.role}`)} ·{' '}
                          {formatDate(partner.assignedAt, i18n.language, { dateStyle: 'medium' })}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={change.isPending}
                        onClick={() => change.mutate({ userId: partner.userId, assign: false })}
                      >
                        {t('adminPartners.unassign')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {data.candidates.length === 0 ? (
                <p className="text-sm text-slate-600">{t('adminPartners.noCandidates')}</p>
              ) : (
                <form
                  className="flex flex-col gap-2 sm:flex-row sm:items-end"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!choice) return;
                    change.mutate({ userId: choice, assign: true }, { onSuccess: () => setChoice('') });
                  }}
                >
                  <label className="flex-1 text-sm font-medium text-slate-700">
                    {t('adminPartners.candidate')}
                    <select
                      value={choice}
                      required
                      onChange={(event) => setChoice(event.target.value)}
                      className={`mt-1 ${inputClasses(false)}`}
                    >
                      <option value="">{t('adminPartners.choose')}</option>
                      {data.candidates.map((candidate) => (
                        <option key={candidate.userId} value={candidate.userId}>
                          {candidate.companyName} — {t(`partnerArea.roles.${candidate.role}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button type="submit" disabled={change.isPending || !choice}>
                    {t('adminPartners.assign')}
                  </Button>
                </form>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
