import {
  DISPUTE_DECISIONS,
  type LifecycleParticipant,
  ZCancelOperationRequest,
  formatUsd,
  isWholeCents,
  usdToCents,
} from '@tradeops/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Form, FormRootAlert, inputClasses, showServerError, useZodForm } from '../../../components/ui/form';
import { toLocale } from '../../../lib/format';
import { useLifecycleAction } from '../api/lifecycle';

/** A refund as typed (dollars, comma or point); empty is $0. A fraction of a cent is refused, not rounded away. */
const toRefundUsd = (text: string) => Number((text.trim() || '0').replace(',', '.'));

/**
 * The decision as the admin types it: the request's reason (ZDisputeDecisionRequest's), refunds in dollars
 * per participation id; turned into whole cents on submit.
 */
const ZDisputeForm = z
  .object({
    decision: z.enum(DISPUTE_DECISIONS, 'validation.invalid'),
    reason: ZCancelOperationRequest.shape.reason,
    refunds: z.record(z.string(), z.string()),
  })
  .superRefine((value, context) => {
    if (value.decision !== 'partial') return;
    for (const [participationId, text] of Object.entries(value.refunds)) {
      const usd = toRefundUsd(text);
      if (!isWholeCents(usd) || usd < 0)
        context.addIssue({ code: 'custom', path: ['refunds', participationId], message: 'lifecycle.refundInvalid' });
    }
  });
type DisputeFormValues = z.output<typeof ZDisputeForm>;

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
  const locale = toLocale(i18n.language);
  const holding = participants.filter((p) => p.heldCents > 0);
  const form = useZodForm(ZDisputeForm, {
    mode: 'onSubmit',
    defaultValues: { decision: 'partial', reason: '', refunds: Object.fromEntries(holding.map((p) => [p.id, ''])) },
  });
  const decision = form.watch('decision');
  const hasRefundError = holding.some((p) => form.formState.errors.refunds?.[p.id]);

  async function submit({ decision, reason, refunds }: DisputeFormValues) {
    const refundCents = Object.fromEntries(
      holding.map((participant) => [participant.id, usdToCents(toRefundUsd(refunds[participant.id] ?? ''))]),
    );
    try {
      await action.mutateAsync({
        kind: 'decide',
        body: { decision, reason, ...(decision === 'partial' ? { refunds: refundCents } : {}) },
      });
    } catch (cause) {
      showServerError(form, cause);
    }
  }

  return (
    <Form form={form} onSubmit={submit} hasRootAlert={false} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-rose-900">
        {t('lifecycle.disputeTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('lifecycle.disputeHelp')}</p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('lifecycle.decision')}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {DISPUTE_DECISIONS.map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register('decision')} />
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
                aria-invalid={Boolean(form.formState.errors.refunds?.[participant.id])}
                {...form.register(`refunds.${participant.id}`)}
                className={inputClasses(Boolean(form.formState.errors.refunds?.[participant.id]))}
              />
            </li>
          ))}
          <li id={`${id}-refund-help`} className="text-xs text-slate-500">
            {t('lifecycle.refundHelp')}
          </li>
        </ul>
      )}
      {decision === 'partial' && hasRefundError && <Alert>{t('lifecycle.refundInvalid')}</Alert>}
      <Field<DisputeFormValues> name="reason" label={t('lifecycle.reason')}>
        {(control) => <textarea {...control} rows={2} maxLength={1000} />}
      </Field>
      <FormRootAlert />
      <Button type="submit" disabled={action.isPending}>
        {t('lifecycle.decide')}
      </Button>
    </Form>
  );
}
