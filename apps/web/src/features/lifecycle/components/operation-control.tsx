import {
  type CancelOperationRequest,
  type OperationControlResponse,
  ZCancelOperationRequest,
  formatUsd,
  milestoneDocumentPath,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field, Form, FormRootAlert, showServerError, useZodForm } from '../../../components/ui/form';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDate, formatNumber, toLocale } from '../../../lib/format';
import { useLifecycleAction } from '../api/lifecycle';
import { DealProgress } from './deal-progress';
import { DisputeForm } from './dispute-form';
import { StepForm } from './step-form';
import { Alert } from '../../../components/ui/alert';

const CARD = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** The back office's view of one deal: where it stands, what comes next, and who holds what in escrow. */
export function OperationControl({ control }: { control: OperationControlResponse }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  const settle = useLifecycleAction(operation.id);
  const [isConfirmingSettle, setIsConfirmingSettle] = useState(false);
  // Steps are days (stored at noon UTC) and the retention ends at a UTC midnight: read them in UTC, as the deal room does.
  const stepDate = (value: string) => formatDate(value, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <section className={CARD} aria-labelledby="lifecycle-progress">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="lifecycle-progress" className="text-lg font-semibold text-brand-900">
              {t('lifecycle.progress')}
            </h2>
            <Badge tone={operation.status === 'settled' ? 'success' : 'brand'}>
              {t(`operationStatus.${operation.status}`)}
            </Badge>
          </div>
          <DealProgress status={operation.status} inspectionResult={control.inspectionResult} />
          <ProgressBar
            className="mt-4"
            value={operation.allocatedTons}
            max={operation.totalTons}
            label={t('lifecycle.allocation')}
            valueText={t('lifecycle.allocated', { allocated: operation.allocatedTons, total: operation.totalTons })}
          />
          <p className="mt-2 text-sm text-slate-600">
            {t('lifecycle.allocated', { allocated: operation.allocatedTons, total: operation.totalTons })} ·{' '}
            {t('lifecycle.escrowHeld', { amount: formatUsd(control.escrowHeldCents, locale) })}
          </p>
          <ol className="mt-5 space-y-3" data-testid="lifecycle-milestones">
            {control.milestones.length === 0 && (
              <li className="text-sm text-slate-600">{t('lifecycle.noMilestones')}</li>
            )}
            {control.milestones.map((milestone) => (
              <li
                key={milestone.kind}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-l-2 border-accent-600 pl-3"
              >
                <span className="font-medium text-slate-900">{t(`lifecycle.steps.${milestone.kind}`)}</span>
                <span className="text-sm text-slate-600">{stepDate(milestone.occurredAt)}</span>
                {milestone.result && (
                  <Badge tone={milestone.result === 'failed' ? 'danger' : 'success'}>
                    {t(`lifecycle.results.${milestone.result}`, { defaultValue: milestone.result })}
                  </Badge>
                )}
                {milestone.hasDocument && (
                  <a
                    href={milestoneDocumentPath(operation.id, milestone.kind)}
                    target="_blank"
                    rel="noreferrer"
                    className="text-sm font-semibold text-accent-800 underline underline-offset-2"
                  >
                    {t('lifecycle.viewDocument')}
                  </a>
                )}
                {milestone.notes && <p className="w-full text-sm text-slate-600">{milestone.notes}</p>}
              </li>
            ))}
          </ol>
        </section>

        {control.nextStep && (
          <section className={CARD}>
            {control.blockedReason ? (
              <p role="status" className="text-sm text-amber-800">
                {t(`errors.${control.blockedReason}`)}
              </p>
            ) : (
              <StepForm key={control.nextStep} operationId={operation.id} step={control.nextStep} />
            )}
          </section>
        )}
        {!control.nextStep && ['pending', 'active'].includes(operation.status) && (
          <p className={`${CARD} text-sm text-slate-600`}>{t('lifecycle.waitingForAllocation')}</p>
        )}

        {control.inspectionResult === 'passed' && operation.status === 'inspected' && (
          <section className={CARD} aria-labelledby="lifecycle-settle">
            <h2 id="lifecycle-settle" className="text-lg font-semibold text-brand-900">
              {t('lifecycle.settlement')}
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              {control.canSettle
                ? t('lifecycle.settleReady', { amount: formatUsd(control.escrowHeldCents, locale) })
                : t('lifecycle.settleFrom', { date: stepDate(control.settleableAt!) })}
            </p>
            <Button
              className="mt-4"
              disabled={!control.canSettle || settle.isPending}
              onClick={() => setIsConfirmingSettle(true)}
            >
              {t('lifecycle.settle')}
            </Button>
            <ConfirmDialog
              open={isConfirmingSettle}
              onOpenChange={setIsConfirmingSettle}
              title={t('moneyConfirm.settle.title', {
                amount: formatUsd(control.escrowHeldCents, locale),
                seller: operation.sellerCompany,
              })}
              description={t('moneyConfirm.settle.text', {
                amount: formatUsd(control.escrowHeldCents, locale),
                seller: operation.sellerCompany,
                operation: operation.title,
              })}
              confirmLabel={t('moneyConfirm.settle.confirm')}
              cancelLabel={t('moneyConfirm.cancel')}
              isPending={settle.isPending}
              onConfirm={() => settle.mutate({ kind: 'settle' }, { onSettled: () => setIsConfirmingSettle(false) })}
            />
            {settle.isError && <Alert className="mt-2">{settle.error.message}</Alert>}
          </section>
        )}
        {control.isDisputeOpen && (
          <section className={`${CARD} border-rose-200`}>
            <DisputeForm
              operationId={operation.id}
              participants={control.participants}
              sellerCompany={operation.sellerCompany}
              dispute={control.dispute}
            />
          </section>
        )}
        {control.canCancel && <CancelForm control={control} />}
      </div>

      <section className={`${CARD} content-start`} aria-labelledby="lifecycle-participants">
        <h2 id="lifecycle-participants" className="text-lg font-semibold text-brand-900">
          {t('lifecycle.participants')}
        </h2>
        {control.participants.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('lifecycle.noParticipants')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {control.participants.map((participant) => (
              <li key={participant.id} className="py-3 text-sm">
                <p className="font-medium text-slate-900">{participant.companyName}</p>
                <p className="text-slate-600">
                  {formatNumber(participant.volume, i18n.language)} t · {formatUsd(participant.amountCents, locale)} ·{' '}
                  {t(`lifecycle.paymentStatus.${participant.paymentStatus}`)}
                </p>
                <p className="text-slate-600">
                  {t('lifecycle.escrowLine', {
                    held: formatUsd(participant.heldCents, locale),
                    released: formatUsd(participant.releasedCents, locale),
                    refunded: formatUsd(participant.refundedCents, locale),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * Cancel before departure, with a reason: orders end and held escrow goes back to the buyers. The
 * reason is checked first; nothing happens until the dialog, which names the refunds, gets a yes.
 */
function CancelForm({ control }: { control: OperationControlResponse }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  const action = useLifecycleAction(operation.id);
  const form = useZodForm(ZCancelOperationRequest, { mode: 'onSubmit', defaultValues: { reason: '' } });
  const [pendingReason, setPendingReason] = useState<string | null>(null);
  const refundedBuyers = control.participants.filter((participant) => participant.heldCents > 0).length;

  async function cancel() {
    if (pendingReason === null) return;
    try {
      await action.mutateAsync({ kind: 'cancel', reason: pendingReason });
    } catch (cause) {
      showServerError(form, cause);
    } finally {
      setPendingReason(null);
    }
  }

  return (
    <details className={CARD}>
      <summary className="cursor-pointer font-semibold text-rose-900">{t('lifecycle.cancelTitle')}</summary>
      <Form
        form={form}
        onSubmit={({ reason }: CancelOperationRequest) => setPendingReason(reason)}
        hasRootAlert={false}
        className="mt-4 space-y-3"
      >
        <p className="text-sm text-slate-600">{t('lifecycle.cancelHelp')}</p>
        <Field<CancelOperationRequest> name="reason" label={t('lifecycle.reason')}>
          {(field) => <textarea {...field} rows={2} maxLength={1000} />}
        </Field>
        <FormRootAlert />
        <Button type="submit" variant="secondary" disabled={action.isPending}>
          {t('lifecycle.cancel')}
        </Button>
      </Form>
      <ConfirmDialog
        open={pendingReason !== null}
        onOpenChange={(isOpen) => !isOpen && setPendingReason(null)}
        title={t('moneyConfirm.cancelOperation.title', { operation: operation.title })}
        description={
          refundedBuyers > 0
            ? t('moneyConfirm.cancelOperation.refunds', {
                amount: formatUsd(control.escrowHeldCents, locale),
                count: refundedBuyers,
              })
            : t('moneyConfirm.cancelOperation.noRefunds')
        }
        confirmLabel={t('moneyConfirm.cancelOperation.confirm')}
        cancelLabel={t('moneyConfirm.cancel')}
        isPending={action.isPending}
        onConfirm={() => void cancel()}
      />
    </details>
  );
}
