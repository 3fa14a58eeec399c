import {
  type JoinWaitlistRequest,
  type MyWaitlistResponse,
  PAYMENT_METHODS,
  type PaymentMethod,
  TERMS_VERSION,
  ZJoinWaitlistRequest,
} from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Form, FormRootAlert, showServerError, useZodForm } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { useClaimWaitlistInvitation, useJoinWaitlist, useLeaveWaitlist, useMyWaitlist } from '../api/my-waitlist';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatRemaining, useCountdown } from '../hooks/use-countdown';
import { Alert } from '../../../components/ui/alert';
import { TermsAcceptance } from '../../../components/ui/terms-acceptance';

function errorText(cause: unknown, fallback: string): string {
  return isApiError(cause) && cause.isClientError ? cause.message : fallback;
}

/**
 * The waitlist of a full operation, for the order page: join with a volume,
 * see one's place in line, and when invited to take tons, claim them (an order is
 * created) before the countdown ends.
 */
export function WaitlistPanel({ operationId }: { operationId: string }) {
  const { t } = useTranslation();
  const mine = useMyWaitlist(operationId);

  return (
    <section
      aria-labelledby="waitlist-title"
      className="rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5"
      data-testid="waitlist-panel"
    >
      <h3 id="waitlist-title" className="text-lg font-bold text-brand-900">
        {t('waitlist.title')}
      </h3>
      <QueryState query={mine} failure={t('waitlist.loadFailed')} className="mt-3" skeletonClassName="h-24 w-full">
        {(data) => <WaitlistBody operationId={operationId} data={data} />}
      </QueryState>
    </section>
  );
}

/**
 * Tons the caller is invited to take while the operation is not full (the invitation took
 * only part of what was freed): the order page shows this above the form, so
 * an invitation is never hidden behind an open order form.
 */
export function WaitlistInvitationBanner({ operationId }: { operationId: string }) {
  const { t } = useTranslation();
  const mine = useMyWaitlist(operationId);
  if (!mine.data || mine.data.isFull || mine.data.entry?.status !== 'invited') return null;
  return (
    <section
      aria-labelledby="waitlist-invitation-title"
      className="rounded-xl border border-amber-200 bg-amber-50/70 p-4 sm:p-5"
      data-testid="waitlist-invitation-banner"
    >
      <h2 id="waitlist-invitation-title" className="text-lg font-bold text-brand-900">
        {t('waitlist.title')}
      </h2>
      <InvitationCard operationId={operationId} data={mine.data} />
    </section>
  );
}

function WaitlistBody({ operationId, data }: { operationId: string; data: MyWaitlistResponse }) {
  const { t } = useTranslation();
  const entry = data.entry;
  if (entry?.status === 'invited') return <InvitationCard operationId={operationId} data={data} />;
  if (entry?.status === 'waiting') {
    return <WaitingCard operationId={operationId} data={data} />;
  }
  return (
    <>
      {entry?.status === 'passed' && <p className="mt-2 text-sm text-slate-700">{t('waitlist.passed')}</p>}
      {/* A buyer whose cap is used up by their own orders cannot queue for more. */}
      {data.isFull && data.maxVolumeTons >= data.minVolumeTons ? (
        <JoinForm operationId={operationId} data={data} />
      ) : null}
    </>
  );
}

/** The volume a buyer queues for, parsed by the request's own schema (ZJoinWaitlistRequest). */
function JoinForm({ operationId, data }: { operationId: string; data: MyWaitlistResponse }) {
  const { t } = useTranslation();
  const join = useJoinWaitlist(operationId);
  const form = useZodForm(ZJoinWaitlistRequest, { defaultValues: { volume: data.minVolumeTons } });

  async function submit(request: JoinWaitlistRequest) {
    try {
      await join.mutateAsync(request);
    } catch (cause) {
      showServerError(form, cause, (error) => errorText(error, t('waitlist.actionFailed')));
    }
  }

  return (
    <Form form={form} onSubmit={submit} hasRootAlert={false} className="mt-2">
      <p className="text-sm text-slate-700">{t('waitlist.fullIntro')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field<JoinWaitlistRequest>
          name="volume"
          label={t('waitlist.volumeLabel')}
          hint={t('waitlist.volumeHint', { step: data.lotStepTons, min: data.minVolumeTons })}
          registerOptions={{ valueAsNumber: true }}
          className="sm:w-56"
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={data.minVolumeTons}
              max={data.maxVolumeTons}
              step={data.lotStepTons}
            />
          )}
        </Field>
        <Button type="submit" disabled={join.isPending} className="sm:mb-5">
          {join.isPending ? t('waitlist.joining') : t('waitlist.join')}
        </Button>
      </div>
      <FormRootAlert className="mt-2" />
    </Form>
  );
}

function WaitingCard({ operationId, data }: { operationId: string; data: MyWaitlistResponse }) {
  const { t } = useTranslation();
  const leave = useLeaveWaitlist(operationId);
  const entry = data.entry!;
  return (
    <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-slate-800">{t('waitlist.waiting', { volume: entry.volume })}</p>
        {entry.position !== null && (
          <span className="mt-2 inline-block" data-testid="waitlist-position">
            <Badge tone="brand">{t('waitlist.position', { position: entry.position, total: data.lineLength })}</Badge>
          </span>
        )}
      </div>
      <Button variant="ghost" size="sm" disabled={leave.isPending} onClick={() => leave.mutate()}>
        {t('waitlist.leave')}
      </Button>
    </div>
  );
}

function InvitationCard({ operationId, data }: { operationId: string; data: MyWaitlistResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entry = data.entry!;
  const remaining = useCountdown(entry.invitationExpiresAt);
  const claim = useClaimWaitlistInvitation(operationId);
  const leave = useLeaveWaitlist(operationId);
  const [method, setMethod] = useState<PaymentMethod>('wire');
  // One key per invitation shown: a double click or a retry claims once.
  const [claimKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [isTermsAccepted, setTermsAccepted] = useState(false);
  const [isTermsMissing, setTermsMissing] = useState(false);
  const isOver = remaining === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // A claim is an order: it needs the terms accepted like the order form.
    setTermsMissing(!isTermsAccepted);
    if (!isTermsAccepted) return;
    claim.mutate(
      { paymentMethod: method, idempotencyKey: claimKey, termsVersion: TERMS_VERSION },
      {
        onSuccess: () => navigate(`/operation/${operationId}/participate`),
        onError: (cause) => setError(errorText(cause, t('waitlist.actionFailed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="mt-2" data-testid="waitlist-invitation">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-semibold text-brand-900">
          {t('waitlist.invitationTitle', { tons: entry.invitedTons })}
        </p>
        <Badge tone={isOver ? 'neutral' : 'warning'}>
          {isOver ? t('waitlist.expired') : t('waitlist.expiresIn', { time: formatRemaining(remaining) })}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t('waitlist.invitationText')}</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-brand-900">{t('waitlist.paymentMethod')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PAYMENT_METHODS.map((option) => (
            <label
              key={option}
              className={cx(
                'flex cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2',
                method === option ? 'border-accent-600 ring-1 ring-accent-600' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="waitlist_payment_method"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
                className="h-4 w-4 accent-accent-700"
              />
              <span className="font-medium text-brand-900">{t(`order.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TermsAcceptance
        className="mt-4"
        inputProps={{
          checked: isTermsAccepted,
          onChange: (event) => {
            setTermsAccepted(event.target.checked);
            if (event.target.checked) setTermsMissing(false);
          },
        }}
        hasError={isTermsMissing}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={isOver || claim.isPending}>
          {claim.isPending ? t('waitlist.claiming') : t('waitlist.claim')}
        </Button>
        <Button variant="ghost" disabled={leave.isPending} onClick={() => leave.mutate()}>
          {t('waitlist.leave')}
        </Button>
      </div>
      {error && <Alert className="mt-2">{error}</Alert>}
    </form>
  );
}
