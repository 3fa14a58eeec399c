import {
  type AllocationLimits,
  type OrderFormResponse,
  PAYMENT_METHODS,
  TERMS_VERSION,
  ZPlaceOrderRequest,
  checkOrderVolume,
  computeTotalCents,
  formatUsd,
} from '@tradeops/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, ButtonLink } from '../../../components/ui/button';
import { BackLink } from '../../../components/ui/back-link';
import { Container } from '../../../components/ui/container';
import { Form, FormRootAlert, setFormError, useZodForm } from '../../../components/ui/form';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { formatNumber, toLocale } from '../../../lib/format';
import { usePlaceOrder } from '../api/place-order';
import { useOrderForm } from '../api/get-order-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { TermsAcceptance } from '../../../components/ui/terms-acceptance';
import { TradeTermsList } from '../../../components/ui/trade-terms-list';

/**
 * What the buyer chooses and accepts; the idempotency key is the form's own and the terms
 * version the one shown, both added on submit.
 */
const ZOrder = ZPlaceOrderRequest.pick({ volume: true, paymentMethod: true }).extend({
  terms_accepted: z.literal(true, 'validation.termsRequired'),
});

function limitsOf(form: OrderFormResponse): AllocationLimits {
  return {
    totalTons: form.operation.totalTons,
    allocatedTons: form.operation.allocatedTons,
    minVolumeTons: form.operation.minVolume,
    maxPerParticipantTons: form.operation.maxPerParticipantTons,
    lotStepTons: form.operation.lotStepTons,
    heldByBuyerTons: form.heldByMeTons,
  };
}

/**
 * /operation/{id}/order: volume and payment method, a live total, and one
 * submit that cannot create two orders (one idempotency key per form).
 * `fullPanel` is shown under the "operation full" notice: the app layer
 * plugs the waitlist's join panel in there.
 */
export function OrderForm({ operationId, fullPanel }: { operationId: string; fullPanel?: ReactNode }) {
  const { t } = useTranslation();
  const form = useOrderForm(operationId);

  if (!form.data) {
    return (
      <Container className="py-10">
        <PageHeader variant="plain" title={t('order.title')} />
        <QueryState query={form} failure={t('order.loadError')} className="mt-6" skeletonClassName="h-64 w-full">
          {() => null}
        </QueryState>
        {form.isError && (
          <ButtonLink to={`/operation/${operationId}`} variant="ghost" className="mt-4">
            {t('order.back')}
          </ButtonLink>
        )}
      </Container>
    );
  }
  // Remount on a refreshed form only when the limits change, so the buyer's choices stay.
  return <OrderFormBody key={operationId} form={form.data} fullPanel={fullPanel} />;
}

function OrderFormBody({ form, fullPanel }: { form: OrderFormResponse; fullPanel?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = toLocale(i18n.language);
  const operation = form.operation;
  const limits = limitsOf(form);
  const step = operation.lotStepTons;
  const order = useZodForm(ZOrder, {
    mode: 'onChange',
    defaultValues: {
      volume: form.defaultOrderTons,
      paymentMethod: 'wire',
      terms_accepted: false as unknown as true,
    },
  });
  // One key per form: every retry or double click of this order carries it.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const create = usePlaceOrder(operation.id);
  const volumeId = useId();
  const hintId = useId();
  const errorId = useId();

  const volume = order.watch('volume');
  const method = order.watch('paymentMethod');
  const isNumber = typeof volume === 'number' && Number.isFinite(volume);
  const problem = isNumber ? checkOrderVolume(volume, limits) : 'not_integer';
  const volumeMessage =
    problem === 'not_step'
      ? t('validation.volumeStep', { step })
      : problem === 'not_integer'
        ? t('validation.volumeWhole')
        : problem === 'below_min'
          ? t('errors.VOLUME_BELOW_MIN', { min: form.minOrderTons })
          : problem === 'above_max'
            ? t('errors.VOLUME_ABOVE_MAX', { max: form.maxOrderTons })
            : null;
  const totalCents =
    isNumber && Number.isInteger(volume) && volume > 0 ? computeTotalCents(operation.pricePerTonCents, volume) : 0;
  const closed = form.closedReason;

  function nudge(direction: 1 | -1) {
    const current = isNumber ? Math.round(volume / step) * step : form.defaultOrderTons;
    const next = Math.min(Math.max(current + direction * step, form.minOrderTons), form.maxOrderTons);
    order.setValue('volume', next, { shouldValidate: true, shouldDirty: true });
  }

  function submit(chosen: z.output<typeof ZOrder>) {
    if (checkOrderVolume(chosen.volume, limits) || create.isPending) return;
    create.mutate(
      {
        volume: chosen.volume,
        paymentMethod: chosen.paymentMethod,
        idempotencyKey,
        termsVersion: TERMS_VERSION,
      },
      {
        onSuccess: () => navigate(`/operation/${operation.id}/participate`),
        onError: (cause) => {
          const detail = isApiError(cause) && cause.isClientError ? ` ${cause.message}` : '';
          setFormError(order, `${t('errors.orderSubmit')}${detail}`);
          // A refusal created nothing: the next attempt is a new order. After a timeout or 5xx
          // the order may exist, so the key stays and a retry finds it.
          if (isApiError(cause) && cause.isClientError) setIdempotencyKey(newIdempotencyKey());
        },
      },
    );
  }

  const allocationText = t('order.available', {
    available: formatNumber(operation.availableTons, i18n.language),
    total: formatNumber(operation.totalTons, i18n.language),
  });

  return (
    <div className="flex-1 bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-8 sm:py-10">
          <BackLink to={`/operation/${operation.id}`}>{t('order.back')}</BackLink>
          <PageHeader variant="plain" title={t('order.title')} className="mt-3" />
          <p className="mt-1 text-lg font-medium text-slate-700" data-testid="order-operation-title">
            {operation.title}
          </p>
          <p className="mt-3 max-w-2xl text-slate-600">{t('order.subtitle')}</p>
          <ProgressBar
            className="mt-5 max-w-md"
            value={operation.allocatedTons}
            max={operation.totalTons}
            label={t('operations.card.allocation')}
            valueText={allocationText}
          />
          <p className="mt-2 text-sm text-slate-600">{allocationText}</p>
        </Container>
      </div>

      <Container className="mt-8">
        {form.myOrderId && (
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
            <p className="text-sm text-brand-900">
              {form.heldByMeTons > 0 ? t('order.held', { tons: form.heldByMeTons }) : t('order.existing')}
            </p>
            <ButtonLink to={`/operation/${operation.id}/participate`} size="sm" variant="secondary">
              {t('order.goToPayment')}
            </ButtonLink>
          </div>
        )}

        {closed ? (
          <section
            aria-labelledby="order-closed-title"
            className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm"
            data-testid={`order-${closed}`}
          >
            <h2 id="order-closed-title" className="text-xl font-bold text-brand-900">
              {closed === 'full'
                ? t('order.full')
                : closed === 'cap_reached'
                  ? t('order.capReached')
                  : closed === 'own_operation'
                    ? t('order.ownOperation')
                    : t('order.closed')}
            </h2>
            <p className="mt-2 text-slate-700">
              {closed === 'full'
                ? t('order.fullText')
                : closed === 'cap_reached'
                  ? t('order.capReachedText', { tons: form.heldByMeTons })
                  : closed === 'own_operation'
                    ? t('order.ownOperationText')
                    : t('order.closedText')}
            </p>
            {/* Waitlist slot: the route composes the waitlist's join panel here for a full operation. */}
            {closed === 'full' && fullPanel ? <div className="mt-6">{fullPanel}</div> : null}
            <div className="mt-6">
              {closed === 'own_operation' ? (
                <ButtonLink to="/seller/dashboard" variant="secondary">
                  {t('order.toSellerDashboard')}
                </ButtonLink>
              ) : (
                <ButtonLink to="/operations" variant="secondary">
                  {t('order.browse')}
                </ButtonLink>
              )}
            </div>
          </section>
        ) : (
          <Form form={order} onSubmit={submit} hasRootAlert={false} className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <div className="space-y-6">
              <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <legend className="sr-only">{t('order.volume')}</legend>
                <label htmlFor={volumeId} className="block text-base font-semibold text-brand-900">
                  {t('order.volume')}
                </label>
                <p id={hintId} className="mt-1 text-sm text-slate-600">
                  {t('order.limits', { min: form.minOrderTons, max: form.maxOrderTons, step })}
                </p>
                <div className="mt-4 flex items-stretch gap-2">
                  <Button
                    variant="secondary"
                    size="lg"
                    className="w-12 px-0 text-xl"
                    aria-label={t('order.decrease', { step })}
                    disabled={isNumber && volume <= form.minOrderTons}
                    onClick={() => nudge(-1)}
                  >
                    −
                  </Button>
                  <input
                    id={volumeId}
                    type="number"
                    inputMode="numeric"
                    min={form.minOrderTons}
                    max={form.maxOrderTons}
                    step={step}
                    {...order.register('volume', { valueAsNumber: true })}
                    aria-invalid={Boolean(volumeMessage)}
                    aria-describedby={volumeMessage ? `${hintId} ${errorId}` : hintId}
                    className="h-12 w-28 rounded-lg border border-slate-300 px-3 text-center text-xl font-semibold tabular-nums text-brand-900"
                  />
                  <Button
                    variant="secondary"
                    size="lg"
                    className="w-12 px-0 text-xl"
                    aria-label={t('order.increase', { step })}
                    disabled={isNumber && volume >= form.maxOrderTons}
                    onClick={() => nudge(1)}
                  >
                    +
                  </Button>
                  <span className="self-center text-lg text-slate-600">t</span>
                </div>
                {volumeMessage && (
                  <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
                    {volumeMessage}
                  </p>
                )}
                {form.heldByMeTons > 0 && !form.myOrderId && (
                  <p className="mt-3 text-sm text-slate-600">{t('order.held', { tons: form.heldByMeTons })}</p>
                )}
              </fieldset>

              <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <legend className="float-left mb-3 w-full text-base font-semibold text-brand-900">
                  {t('order.paymentMethod')}
                </legend>
                <div className="clear-both grid gap-3 sm:grid-cols-2">
                  {PAYMENT_METHODS.map((option) => (
                    <label
                      key={option}
                      className={cx(
                        'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors',
                        method === option
                          ? 'border-accent-600 bg-accent-50 ring-1 ring-accent-600'
                          : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <input
                        type="radio"
                        value={option}
                        {...order.register('paymentMethod')}
                        className="mt-1 h-4 w-4 accent-accent-700"
                      />
                      <span>
                        <span className="block font-semibold text-brand-900">{t(`order.${option}`)}</span>
                        <span className="mt-1 block text-sm text-slate-600">{t(`order.${option}Help`)}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <section aria-labelledby="order-terms" className="mt-8">
                <h2 id="order-terms" className="text-lg font-semibold text-brand-900">
                  {t('tradeTerms.title')}
                </h2>
                <TradeTermsList terms={form.tradeTerms} className="mt-3 grid gap-3 sm:grid-cols-2" />
              </section>
            </div>

            <aside className="lg:sticky lg:top-24 lg:self-start">
              <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <dl className="space-y-2 text-sm">
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{t('order.pricePerTon')}</dt>
                    <dd className="font-medium text-brand-900 tabular-nums">
                      {formatUsd(operation.pricePerTonCents, locale)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{t('order.volume')}</dt>
                    <dd className="font-medium text-brand-900 tabular-nums">{isNumber ? `${volume} t` : '—'}</dd>
                  </div>
                </dl>
                <div className="mt-4 border-t border-slate-200 pt-4">
                  <p className="text-sm font-medium text-slate-600">{t('order.total')}</p>
                  <p
                    className="mt-1 text-3xl font-bold text-brand-900 tabular-nums"
                    data-testid="order-total"
                    aria-live="polite"
                  >
                    {formatUsd(problem ? 0 : totalCents, locale)}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    {t('order.totalHint', {
                      price: formatUsd(operation.pricePerTonCents, locale),
                      tons: isNumber ? volume : 0,
                    })}
                  </p>
                </div>
                <TermsAcceptance
                  className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-3"
                  inputProps={order.register('terms_accepted')}
                  hasError={Boolean(order.formState.errors.terms_accepted)}
                />
                <Button type="submit" size="lg" className="mt-4 w-full" disabled={Boolean(problem) || create.isPending}>
                  {create.isPending ? t('order.submitting') : t('order.submit')}
                </Button>
                <FormRootAlert className="mt-3" />
                <p className="mt-4 text-xs text-slate-500">{t('order.escrowNote')}</p>
              </div>
            </aside>
          </Form>
        )}
      </Container>
    </div>
  );
}
