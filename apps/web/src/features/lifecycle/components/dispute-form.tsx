import {
  DISPUTE_DECISIONS,
  type DisputeDecisionRequest,
  type DisputeSummary,
  type LifecycleParticipant,
  ZDisputeDecision,
  ZDisputeDecisionRequest,
  findPartialRefundProblems,
  formatUsd,
  parseRefundText,
} from '@tradeops/shared';
import { useId, useMemo, useState } from 'react';
import { type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { DisputeEvidence, DisputeOpenedBy } from '../../../components/ui/dispute-evidence';
import { Field, Form, FormRootAlert, inputClasses, showServerError, useZodForm } from '../../../components/ui/form';
import { toLocale } from '../../../lib/format';
import { useLifecycleAction } from '../api/lifecycle';
import { usePayoutConfirmation } from '../hooks/use-payout-confirmation';
import { PayoutPreviewLines } from './payout-preview-lines';

/**
 * The decision as the admin types it: the request's decision (none is preselected: a blank is
 * refused) and reason, refunds as typed in dollars per order. A partial refund needs every
 * amount typed (a blank is not $0: parseRefundText), each within what the order holds
 * (findPartialRefundProblems, the rule the server applies too).
 */
function disputeFormSchema(holding: readonly { id: string; heldCents: number }[]) {
  return z
    .object({
      decision: ZDisputeDecision,
      reason: ZDisputeDecisionRequest.shape.reason,
      refunds: z.record(z.string(), z.string()),
    })
    .superRefine((value, context) => {
      if (value.decision !== 'partial') return;
      const cents: Record<string, number> = {};
      for (const order of holding) {
        const parsed = parseRefundText(value.refunds[order.id] ?? '');
        if ('error' in parsed) context.addIssue({ code: 'custom', path: ['refunds', order.id], message: parsed.error });
        else cents[order.id] = parsed.cents;
      }
      for (const problem of findPartialRefundProblems(holding, cents)) {
        if (problem.kind === 'exceeds')
          context.addIssue({
            code: 'custom',
            path: ['refunds', problem.orderId],
            message: 'lifecycle.refundExceedsHeld',
          });
      }
    });
}
type DisputeFormValues = z.output<ReturnType<typeof disputeFormSchema>>;

/** What the participant (or the failed inspection) said: the reason and the evidence files, as links. */
function DisputeCase({ operationId, dispute }: { operationId: string; dispute: DisputeSummary }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 rounded-lg bg-rose-50/60 p-3 text-sm" data-testid="dispute-case">
      <DisputeOpenedBy dispute={dispute} className="text-slate-700" />
      <p className="break-words text-slate-900">
        <span className="font-medium">{t('disputes.reason')}:</span> {dispute.reason}
      </p>
      <DisputeEvidence operationId={operationId} dispute={dispute} />
    </div>
  );
}

/**
 * The admin's decision on an open dispute (a failed inspection's or a participant's, whose reason and
 * evidence it shows): everything to the seller, everything back to the buyers, or a refund per
 * participant (the rest to the seller, less the platform's fee). No outcome is preselected. Submitting
 * asks the server what the decision would book and shows it order by order before anything moves.
 */
export function DisputeForm({
  operationId,
  participants,
  dispute = null,
}: {
  operationId: string;
  participants: LifecycleParticipant[];
  dispute?: DisputeSummary | null;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const action = useLifecycleAction(operationId);
  const payout = usePayoutConfirmation(operationId);
  const locale = toLocale(i18n.language);
  const holding = useMemo(() => participants.filter((p) => p.heldCents > 0), [participants]);
  const schema = useMemo(() => disputeFormSchema(holding), [holding]);
  const [pending, setPending] = useState<Omit<DisputeDecisionRequest, 'previewDigest'> | null>(null);
  const form = useZodForm(schema, {
    mode: 'onSubmit',
    defaultValues: { reason: '', refunds: Object.fromEntries(holding.map((p) => [p.id, ''])) },
  });
  const decision = form.watch('decision');
  const errors = form.formState.errors;
  const decisionError = errors.decision?.message;

  /** Checked: ask the server what the decision books, then wait for the admin's yes in the dialog. */
  async function review({ decision, reason, refunds }: DisputeFormValues) {
    const refundCents =
      decision === 'partial'
        ? Object.fromEntries(
            holding.map((order) => {
              const parsed = parseRefundText(refunds[order.id] ?? '');
              return [order.id, 'cents' in parsed ? parsed.cents : 0];
            }),
          )
        : undefined;
    const outcome = { decision, ...(refundCents ? { refunds: refundCents } : {}) };
    try {
      await payout.open({ action: 'dispute', ...outcome });
      setPending({ ...outcome, reason });
    } catch (cause) {
      showServerError(form, cause);
    }
  }

  async function confirm() {
    if (!pending) return;
    const body = pending;
    await payout
      .confirm((previewDigest) => action.mutateAsync({ kind: 'decide', body: { ...body, previewDigest } }))
      .catch((cause: unknown) => showServerError(form, cause));
  }

  const refundError = (orderId: string) => {
    const error = (errors.refunds as Record<string, FieldError | undefined> | undefined)?.[orderId];
    return error?.message ? t(error.message as never) : undefined;
  };

  return (
    <Form form={form} onSubmit={review} hasRootAlert={false} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-rose-900">
        {t('lifecycle.disputeTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('lifecycle.disputeHelp')}</p>
      {dispute && <DisputeCase operationId={operationId} dispute={dispute} />}
      <fieldset aria-describedby={decisionError ? `${id}-decision-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('lifecycle.decision')}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
          {DISPUTE_DECISIONS.map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" value={value} aria-invalid={Boolean(decisionError)} {...form.register('decision')} />
              {t(`lifecycle.decisions.${value}`)}
            </label>
          ))}
        </div>
        {decisionError && (
          <p id={`${id}-decision-error`} className="mt-1 text-sm text-red-700">
            {t(decisionError as never)}
          </p>
        )}
      </fieldset>
      {decision === 'partial' && (
        <ul className="grid gap-3">
          {holding.map((participant) => {
            const error = refundError(participant.id);
            return (
              <li key={participant.id} className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-start">
                <label htmlFor={`${id}-${participant.id}`} className="text-sm text-slate-800 sm:pt-2.5">
                  {participant.companyName}{' '}
                  <span className="text-slate-500">
                    ({t('lifecycle.holds', { amount: formatUsd(participant.heldCents, locale) })})
                  </span>
                </label>
                <div>
                  <input
                    id={`${id}-${participant.id}`}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-describedby={error ? `${id}-${participant.id}-error` : `${id}-refund-help`}
                    aria-invalid={Boolean(error)}
                    {...form.register(`refunds.${participant.id}`)}
                    className={inputClasses(Boolean(error))}
                  />
                  {error && (
                    <p id={`${id}-${participant.id}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
          <li id={`${id}-refund-help`} className="text-xs text-slate-500">
            {t('lifecycle.refundHelp')}
          </li>
        </ul>
      )}
      <Field<DisputeFormValues> name="reason" label={t('lifecycle.reason')}>
        {(control) => <textarea {...control} rows={2} maxLength={1000} />}
      </Field>
      <FormRootAlert />
      <Button type="submit" disabled={action.isPending || payout.isPreparing}>
        {payout.isPreparing && !payout.preview ? t('lifecycle.preparing') : t('lifecycle.decide')}
      </Button>
      <ConfirmDialog
        open={payout.preview !== null && pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            payout.close();
            setPending(null);
          }
        }}
        title={t('disputes.confirm.title')}
        description={
          pending ? (
            <>
              <span className="block font-medium text-slate-900">{t(`disputes.decisions.${pending.decision}`)}</span>
              <span className="mt-1 block">{t('disputes.confirm.description')}</span>
            </>
          ) : undefined
        }
        confirmLabel={t('disputes.confirm.confirm')}
        cancelLabel={t('disputes.confirm.cancel')}
        onConfirm={() => void confirm()}
        isPending={action.isPending || payout.isPreparing}
        isWide
      >
        {payout.notice && <Alert className="mb-4">{payout.notice}</Alert>}
        {payout.preview && <PayoutPreviewLines preview={payout.preview} />}
      </ConfirmDialog>
    </Form>
  );
}
