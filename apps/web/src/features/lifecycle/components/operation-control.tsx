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
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatNumber, toLocale } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useLifecycleAction } from '../api/lifecycle';
import { usePayoutConfirmation } from '../hooks/use-payout-confirmation';
import { DealProgress } from './deal-progress';
import { DisputeForm } from './dispute-form';
import { PayoutPreviewLines } from './payout-preview-lines';
import { StepForm } from './step-form';
import { Alert } from '../../../components/ui/alert';

const CARD = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** The back office's view of one deal: where it stands, what comes next, and who holds what in escrow. */
export function OperationControl({ control }: { control: OperationControlResponse }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  // Steps are days (stored at noon UTC) and the retention ends at a UTC midnight: read them in UTC, as the operation room does.
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
          <SettleSection control={control} stepDate={stepDate} />
        )}
        {operation.status === 'settled' && control.escrowHeldCents > 0 && <FinalMeasurementSection control={control} />}
        {control.isDisputeOpen && (
          <section className={`${CARD} border-rose-200`}>
            <DisputeForm operationId={operation.id} participants={control.participants} dispute={control.dispute} />
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
                    fee: formatUsd(participant.feeCents, locale),
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

/** A refusal's words: the server's (translated), or the generic message. */
function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t('errors.INTERNAL_ERROR');
}

/**
 * Settlement once the fund retention has ended: the dialog shows, order by order, what the
 * transfers will book (out of escrow, the platform's fee, the net to the seller), as the server
 * computed it with the function that books it, and the settlement names that preview.
 */
function SettleSection({
  control,
  stepDate,
}: {
  control: OperationControlResponse;
  stepDate: (value: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  const settle = useLifecycleAction(operation.id);
  const payout = usePayoutConfirmation(operation.id);
  const [error, setError] = useState<string | null>(null);

  async function review() {
    setError(null);
    await payout.open({ action: 'settle' }).catch((cause: unknown) => setError(errorMessage(cause)));
  }

  async function confirm() {
    await payout
      .confirm((previewDigest) => settle.mutateAsync({ kind: 'settle', previewDigest }))
      .catch((cause: unknown) => setError(errorMessage(cause)));
  }

  return (
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
        disabled={!control.canSettle || settle.isPending || payout.isPreparing}
        onClick={() => void review()}
      >
        {payout.isPreparing && !payout.preview ? t('lifecycle.preparing') : t('lifecycle.settle')}
      </Button>
      <ConfirmDialog
        open={payout.preview !== null}
        onOpenChange={(isOpen) => !isOpen && payout.close()}
        title={t('moneyConfirm.settle.title', { operation: operation.title })}
        description={t('moneyConfirm.settle.text', { seller: operation.sellerCompany })}
        confirmLabel={t('moneyConfirm.settle.confirm')}
        cancelLabel={t('moneyConfirm.cancel')}
        isPending={settle.isPending || payout.isPreparing}
        isWide
        onConfirm={() => void confirm()}
      >
        {payout.notice && <Alert className="mb-4">{payout.notice}</Alert>}
        {payout.preview && <PayoutPreviewLines preview={payout.preview} />}
      </ConfirmDialog>
      {error && <Alert className="mt-2">{error}</Alert>}
    </section>
  );
}

/**
 * The holdback's release (docs/decisions/021): the admin enters the net weight measured at
 * destination; the dialog shows each buyer's shortfall refund and the seller's rest, as the server
 * computed them with the function that books them, and the measurement names that preview.
 */
function FinalMeasurementSection({ control }: { control: OperationControlResponse }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  const action = useLifecycleAction(operation.id);
  const payout = usePayoutConfirmation(operation.id);
  // The inspector's certified net weight is the measurement proposed; the admin confirms it or states a re-weighing.
  const inspected = control.inspectionMeasurement;
  const [tons, setTons] = useState(inspected ? String(inspected.netWeightKg / 1000) : '');
  const [notes, setNotes] = useState(inspected?.quality ?? '');
  const [error, setError] = useState<string | null>(null);
  const measured = Number(tons);

  async function review() {
    setError(null);
    await payout
      .open({ action: 'final_measurement', measuredNetTons: measured })
      .catch((cause: unknown) => setError(errorMessage(cause)));
  }

  async function confirm() {
    await payout
      .confirm((previewDigest) =>
        action.mutateAsync({
          kind: 'final_measurement',
          measuredNetTons: measured,
          qualityNotes: notes.trim() || undefined,
          previewDigest,
        }),
      )
      .catch((cause: unknown) => setError(errorMessage(cause)));
  }

  return (
    <section className={CARD} aria-labelledby="lifecycle-final-measurement" data-testid="final-measurement">
      <h2 id="lifecycle-final-measurement" className="text-lg font-semibold text-brand-900">
        {t('lifecycle.finalMeasurement.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {t('lifecycle.finalMeasurement.held', { amount: formatUsd(control.escrowHeldCents, locale) })}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('lifecycle.finalMeasurement.help')}</p>
      {inspected && (
        <p className="mt-1 text-sm text-slate-600" data-testid="final-measurement-inspection">
          {t('lifecycle.finalMeasurement.fromInspection', {
            company: inspected.recordedBy ?? '—',
            tons: formatNumber(inspected.netWeightKg / 1000, i18n.language, { maximumFractionDigits: 3 }),
            date: formatDate(inspected.occurredAt, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }),
          })}
        </p>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-800">
          {t('lifecycle.finalMeasurement.measuredNetTons')}
          <input
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            value={tons}
            onChange={(event) => setTons(event.target.value)}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          {t('lifecycle.finalMeasurement.qualityNotes')}
          <input
            type="text"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
      </div>
      <Button
        className="mt-4"
        disabled={tons === '' || !(measured >= 0) || action.isPending || payout.isPreparing}
        onClick={() => void review()}
      >
        {payout.isPreparing && !payout.preview ? t('lifecycle.preparing') : t('lifecycle.finalMeasurement.record')}
      </Button>
      <ConfirmDialog
        open={payout.preview !== null}
        onOpenChange={(isOpen) => !isOpen && payout.close()}
        title={t('moneyConfirm.finalMeasurement.title', { operation: operation.title })}
        description={t('moneyConfirm.finalMeasurement.text', { seller: operation.sellerCompany })}
        confirmLabel={t('moneyConfirm.finalMeasurement.confirm')}
        cancelLabel={t('moneyConfirm.cancel')}
        isPending={action.isPending || payout.isPreparing}
        isWide
        onConfirm={() => void confirm()}
      >
        {payout.notice && <Alert className="mb-4">{payout.notice}</Alert>}
        {payout.preview && <PayoutPreviewLines preview={payout.preview} />}
      </ConfirmDialog>
      {error && <Alert className="mt-2">{error}</Alert>}
    </section>
  );
}

/**
 * Cancel before departure, with a reason: orders end and held escrow goes back to the buyers. The
 * reason is checked first; nothing happens until the dialog, which shows each refund the
 * cancellation will book (the server's preview), gets a yes.
 */
function CancelForm({ control }: { control: OperationControlResponse }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { operation } = control;
  const action = useLifecycleAction(operation.id);
  const payout = usePayoutConfirmation(operation.id);
  const form = useZodForm(ZCancelOperationRequest, { mode: 'onSubmit', defaultValues: { reason: '' } });
  const [pendingReason, setPendingReason] = useState<string | null>(null);
  const preview = payout.preview;

  async function review({ reason }: CancelOperationRequest) {
    try {
      await payout.open({ action: 'cancel' });
      setPendingReason(reason);
    } catch (cause) {
      showServerError(form, cause);
    }
  }

  async function cancel() {
    if (pendingReason === null) return;
    const reason = pendingReason;
    await payout
      .confirm((previewDigest) => action.mutateAsync({ kind: 'cancel', reason, previewDigest }))
      .catch((cause: unknown) => showServerError(form, cause));
  }

  return (
    <details className={CARD}>
      <summary className="cursor-pointer font-semibold text-rose-900">{t('lifecycle.cancelTitle')}</summary>
      <Form form={form} onSubmit={review} hasRootAlert={false} className="mt-4 space-y-3">
        <p className="text-sm text-slate-600">{t('lifecycle.cancelHelp')}</p>
        <Field<CancelOperationRequest> name="reason" label={t('lifecycle.reason')}>
          {(field) => <textarea {...field} rows={2} maxLength={1000} />}
        </Field>
        <FormRootAlert />
        <Button type="submit" variant="secondary" disabled={action.isPending || payout.isPreparing}>
          {payout.isPreparing && !preview ? t('lifecycle.preparing') : t('lifecycle.cancel')}
        </Button>
      </Form>
      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(isOpen) => !isOpen && payout.close()}
        title={t('moneyConfirm.cancelOperation.title', { operation: operation.title })}
        description={
          preview && preview.lines.length > 0
            ? t('moneyConfirm.cancelOperation.refunds', {
                amount: formatUsd(preview.totals.refundCents, locale),
                count: preview.lines.length,
              })
            : t('moneyConfirm.cancelOperation.noRefunds')
        }
        confirmLabel={t('moneyConfirm.cancelOperation.confirm')}
        cancelLabel={t('moneyConfirm.cancel')}
        isPending={action.isPending || payout.isPreparing}
        isWide={Boolean(preview && preview.lines.length > 0)}
        onConfirm={() => void cancel()}
      >
        {payout.notice && <Alert className="mb-4">{payout.notice}</Alert>}
        {preview && preview.lines.length > 0 && <PayoutPreviewLines preview={preview} />}
      </ConfirmDialog>
    </details>
  );
}
