import {
  DISPUTE_DECISIONS,
  type DisputeDecisionRequest,
  type DisputeSummary,
  type LifecycleParticipant,
  ZCancelOperationRequest,
  formatUsd,
  isWholeCents,
  disputeEvidenceLinks,
  usdToCents,
} from '@tradeops/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FileLinkList } from '../../../components/ui/file-link-list';
import { Field, Form, FormRootAlert, inputClasses, showServerError, useZodForm } from '../../../components/ui/form';
import { formatDate, toLocale } from '../../../lib/format';
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

/** What the participant (or the failed inspection) said: the reason and the evidence files, as links. */
function DisputeCase({ operationId, dispute }: { operationId: string; dispute: DisputeSummary }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(dispute.opened_at, i18n.language, { dateStyle: 'long' });
  return (
    <div className="space-y-2 rounded-lg bg-rose-50/60 p-3 text-sm" data-testid="dispute-case">
      <p className="text-slate-700">
        {dispute.opened_by === 'inspection'
          ? t('disputes.openedByInspection', { date })
          : t('disputes.openedByParticipant', { date, company: dispute.opened_by_company ?? '—' })}
      </p>
      <p className="break-words text-slate-900">
        <span className="font-medium">{t('disputes.reason')}:</span> {dispute.reason}
      </p>
      <div>
        <p className="font-medium text-slate-800">{t('disputes.evidence')}</p>
        <FileLinkList
          className="mt-1"
          files={disputeEvidenceLinks(operationId, dispute.evidence).map((file) => ({
            ...file,
            note: file.uploadedBy && t('disputes.evidenceBy', { company: file.uploadedBy }),
          }))}
          empty={t('disputes.noEvidence')}
        />
      </div>
    </div>
  );
}

/**
 * The admin's decision on an open dispute (a failed inspection's or a participant's, whose reason and
 * evidence it shows): everything to the seller, everything back to the buyers, or a refund per
 * participant (the rest to the seller). Submitting asks first, naming each party's amount.
 */
export function DisputeForm({
  operationId,
  participants,
  sellerCompany,
  dispute = null,
}: {
  operationId: string;
  participants: LifecycleParticipant[];
  sellerCompany: string;
  dispute?: DisputeSummary | null;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const action = useLifecycleAction(operationId);
  const locale = toLocale(i18n.language);
  const holding = participants.filter((p) => p.heldCents > 0);
  const [pending, setPending] = useState<DisputeDecisionRequest | null>(null);
  const form = useZodForm(ZDisputeForm, {
    mode: 'onSubmit',
    defaultValues: { decision: 'partial', reason: '', refunds: Object.fromEntries(holding.map((p) => [p.id, ''])) },
  });
  const decision = form.watch('decision');
  const hasRefundError = holding.some((p) => form.formState.errors.refunds?.[p.id]);

  /** Checked: the decision waits in the confirmation dialog, with each party's amount. */
  function review({ decision, reason, refunds }: DisputeFormValues) {
    const refundCents = Object.fromEntries(
      holding.map((participant) => [participant.id, usdToCents(toRefundUsd(refunds[participant.id] ?? ''))]),
    );
    setPending({ decision, reason, ...(decision === 'partial' ? { refunds: refundCents } : {}) });
  }

  async function confirm() {
    if (!pending) return;
    try {
      await action.mutateAsync({ kind: 'decide', body: pending });
      setPending(null);
    } catch (cause) {
      setPending(null);
      showServerError(form, cause);
    }
  }

  const refundOf = (participant: LifecycleParticipant, request: DisputeDecisionRequest) =>
    request.decision === 'refund'
      ? participant.heldCents
      : request.decision === 'release'
        ? 0
        : Math.min(request.refunds?.[participant.id] ?? 0, participant.heldCents);
  const toSeller = pending ? holding.reduce((sum, p) => sum + p.heldCents - refundOf(p, pending), 0) : 0;

  return (
    <Form form={form} onSubmit={review} hasRootAlert={false} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-rose-900">
        {t('lifecycle.disputeTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('lifecycle.disputeHelp')}</p>
      {dispute && <DisputeCase operationId={operationId} dispute={dispute} />}
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
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t('disputes.confirm.title')}
        description={
          pending ? (
            <>
              <span className="block font-medium text-slate-900">{t(`disputes.decisions.${pending.decision}`)}</span>
              <span className="mt-3 block space-y-1 text-slate-800" data-testid="dispute-confirm-amounts">
                {holding.map((participant) => (
                  <span key={participant.id} className="block">
                    {t('disputes.confirm.refundTo', {
                      company: participant.companyName,
                      amount: formatUsd(refundOf(participant, pending), locale),
                    })}
                  </span>
                ))}
                <span className="block font-semibold">
                  {t('disputes.confirm.releaseTo', { company: sellerCompany, amount: formatUsd(toSeller, locale) })}
                </span>
              </span>
              <span className="mt-3 block">{t('disputes.confirm.description')}</span>
            </>
          ) : undefined
        }
        confirmLabel={t('disputes.confirm.confirm')}
        cancelLabel={t('disputes.confirm.cancel')}
        onConfirm={() => void confirm()}
        isPending={action.isPending}
      />
    </Form>
  );
}
