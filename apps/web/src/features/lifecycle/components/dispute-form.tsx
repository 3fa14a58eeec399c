import {
  DISPUTE_DECISIONS,
  type DisputeDecision,
  type LifecycleParticipant,
  formatUsd,
  isWholeCents,
  usdToCents,
} from '@tradeops/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toLocale } from '../../../lib/format';
import { useLifecycleAction } from '../api/lifecycle';
import { Alert } from '../../../components/ui/alert';

/**
 * The admin's decision on a failed inspection: everything to the seller,
 * everything back to the buyers, or a refund per participant (the rest to the seller).
 */
export function DisputeForm({
  operationId,
  participants,
}: {
  operationId: string;
  participants: LifecycleParticipant[];
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const action = useLifecycleAction(operationId);
  const [decision, setDecision] = useState<DisputeDecision>('partial');
  const [reason, setReason] = useState('');
  const [refundsUsd, setRefundsUsd] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const locale = toLocale(i18n.language);
  const holding = participants.filter((p) => p.heldCents > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(t('lifecycle.reasonRequired'));
    const refunds: Record<string, number> = {};
    if (decision === 'partial') {
      for (const participant of holding) {
        const usd = Number((refundsUsd[participant.id] ?? '0').replace(',', '.'));
        // A fraction of a cent would be rounded away (0.004 → a $0 refund): refused, like negative amounts.
        if (!isWholeCents(usd) || usd < 0) return setError(t('lifecycle.refundInvalid'));
        refunds[participant.id] = usdToCents(usd);
      }
    }
    setError(null);
    try {
      await action.mutateAsync({
        kind: 'decide',
        body: { decision, reason: reason.trim(), ...(decision === 'partial' ? { refunds } : {}) },
      });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('errors.INTERNAL_ERROR'));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-rose-900">
        {t('lifecycle.disputeTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('lifecycle.disputeHelp')}</p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('lifecycle.decision')}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {DISPUTE_DECISIONS.map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-decision`}
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
              />
              {t(`lifecycle.decisions.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {decision === 'partial' && (
        <ul className="grid gap-3">
          {holding.map((participant) => (
            <li key={participant.id} className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-center">
              <label htmlFor={`${id}-${participant.id}`} className="text-sm text-slate-800">
                {participant.companyName}{' '}
                <span className="text-slate-500">
                  ({t('lifecycle.holds', { amount: formatUsd(participant.heldCents, locale) })})
                </span>
              </label>
              <input
                id={`${id}-${participant.id}`}
                inputMode="decimal"
                placeholder="0"
                aria-describedby={`${id}-refund-help`}
                value={refundsUsd[participant.id] ?? ''}
                onChange={(event) => setRefundsUsd((current) => ({ ...current, [participant.id]: event.target.value }))}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
              />
            </li>
          ))}
          <li id={`${id}-refund-help`} className="text-xs text-slate-500">
            {t('lifecycle.refundHelp')}
          </li>
        </ul>
      )}
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
          {t('lifecycle.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </div>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={action.isPending}>
        {t('lifecycle.decide')}
      </Button>
    </form>
  );
}
