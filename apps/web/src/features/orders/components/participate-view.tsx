import {
  PAYMENT_PROGRESS_PERCENT,
  type OrderResponse,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  fileTypeFromName,
  formatUsd,
  isUnpaidOrder,
} from '@tradeops/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { BackLink } from '../../../components/ui/back-link';
import { Container } from '../../../components/ui/container';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { formatDate, formatDeadline, toLocale } from '../../../lib/format';
import { REALTIME_REFETCH_SPREAD_MS, type RealtimeBinding, useRealtimeInvalidation } from '../../../lib/realtime';
import { useMyOrder } from '../api/get-my-order';
import { orderKeys } from '../api/keys';
import { proofFileUrl, useUploadProof } from '../api/upload-proof';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { FileDrop } from '../../../components/ui/file-drop';
import { OperationNotFoundPanel } from '../../../components/ui/not-found-panel';
import { CopyButton } from '../../../components/ui/copy-button';
import { useCancelOrder } from '../api/cancel-order';
import { CancelOrder, type CancelMutation, CancelledOrderPanel } from './cancel-order';

const STATUS_TONE: Record<string, BadgeTone> = {
  pending: 'warning',
  verification: 'brand',
  confirmed: 'success',
  rejected: 'danger',
};

/** /operation/{id}/participate: how to pay, the proof upload and where the payment stands. */
export function ParticipateView({ operationId }: { operationId: string }) {
  const { t } = useTranslation();
  const query = useMyOrder(operationId);
  // Owned here, not by the cancel button: the cancel's live event can refetch the order (gone: 404)
  // before the cancel's own answer arrives, and the page must still say what happened.
  const cancel = useCancelOrder();
  // An admin's confirmation or rejection (an order event) and the deal's own changes
  // (an operation event) reach the page without a reload.
  const live = useMemo<RealtimeBinding[]>(
    () => [
      { kinds: ['order'], operationId, queryKey: orderKeys.mineIn(operationId) },
      // Every open page of the deal hears its changes: spread, not all at once.
      {
        kinds: ['operation'],
        operationId,
        queryKey: orderKeys.mineIn(operationId),
        spreadMs: REALTIME_REFETCH_SPREAD_MS,
      },
    ],
    [operationId],
  );
  useRealtimeInvalidation(live);

  if (cancel.isSuccess) return <CancelledOrderPanel order={cancel.variables} />;
  // While the cancel is under way, the order stays on screen even if a refetch already finds it gone.
  if (cancel.isPending && query.data) return <ParticipateBody data={query.data} cancel={cancel} />;
  if (query.data !== undefined && !query.isError) return <ParticipateBody data={query.data} cancel={cancel} />;
  // A malformed id (400) or an operation that does not exist (404): nothing to order, nothing to retry.
  const error = query.error;
  if (isApiError(error) && (error.status === 400 || error.code === 'OPERATION_NOT_FOUND')) {
    return (
      <Container className="py-10">
        <OperationNotFoundPanel />
      </Container>
    );
  }
  return (
    <Container className="py-10">
      <PageHeader variant="plain" title={t('participate.title')} />
      <QueryState
        query={query}
        className="mt-6"
        skeletonClassName="h-72 w-full"
        failure={t('participate.loadError')}
        // No order of the caller's in this deal (404): the way to place one, not a retry.
        refusal={(refused) =>
          isApiError(refused) &&
          refused.status === 404 && (
            <>
              <p className="mt-6 text-lg text-slate-700">{t('participate.noOrder')}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <ButtonLink to={`/operation/${encodeURIComponent(operationId)}/order`}>
                  {t('participate.placeOrder')}
                </ButtonLink>
              </div>
            </>
          )
        }
      >
        {(data) => <ParticipateBody data={data} cancel={cancel} />}
      </QueryState>
    </Container>
  );
}

function ParticipateBody({ data, cancel }: { data: OrderResponse; cancel: CancelMutation }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const { order, operation, instructions } = data;
  const status = order.paymentStatus;
  const percent = PAYMENT_PROGRESS_PERCENT[status];
  // An unpaid order takes a proof and may be cancelled by its buyer (the server's rule).
  const isUnpaid = isUnpaidOrder({ status: order.status, paymentStatus: status });

  return (
    <div className="flex-1 bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-8 sm:py-10">
          <BackLink to={`/operation/${operation.id}`}>{t('order.back')}</BackLink>
          <PageHeader variant="plain" title={t('participate.title')} className="mt-3" />
          <p className="mt-1 text-lg font-medium text-slate-700">{operation.title}</p>
          <p className="mt-3 max-w-2xl text-slate-600">{t('participate.subtitle')}</p>

          <div className="mt-6 max-w-xl" data-testid="payment-progress" aria-live="polite">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={STATUS_TONE[status]}>{t(`participate.status.${status}`)}</Badge>
              <span className="text-sm font-semibold text-brand-900 tabular-nums" data-testid="payment-percent">
                {percent}%
              </span>
            </div>
            <ProgressBar
              className="mt-2"
              value={percent}
              max={100}
              label={t('participate.progress')}
              valueText={`${percent}% — ${t(`participate.status.${status}`)}`}
            />
            <p className="mt-2 text-sm text-slate-600">{t(`participate.statusHelp.${status}`)}</p>
          </div>
        </Container>
      </div>

      <Container className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          {status === 'rejected' && order.paymentRejectedReason && (
            <p role="note" className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-rose-900">
              <strong className="font-semibold">{t('participate.status.rejected')}.</strong>{' '}
              {t('participate.rejectedReason', { reason: order.paymentRejectedReason })}
            </p>
          )}

          <Card titleId="instructions-title" title={t('participate.instructions')}>
            <div className="mt-4 rounded-xl bg-brand-50 p-4">
              <p className="text-sm font-medium text-brand-800">{t('participate.reference')}</p>
              <div className="mt-1 flex flex-wrap items-center gap-3">
                <code className="text-2xl font-bold tracking-wider text-brand-900" data-testid="payment-reference">
                  {instructions.reference}
                </code>
                <CopyButton text={instructions.reference} label={t('copy.reference')} />
              </div>
              <p className="mt-2 text-sm text-brand-900">{t('participate.referenceHelp')}</p>
            </div>
            <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Item label={t('participate.amount')}>
                <span className="text-base font-bold tabular-nums" data-testid="payment-amount">
                  {formatUsd(instructions.amountCents, locale)}
                </span>
              </Item>
              {instructions.bank ? (
                <>
                  <Item label={t('participate.bankName')}>{instructions.bank.bankName}</Item>
                  <Item label={t('participate.accountName')}>{instructions.bank.accountName}</Item>
                  <Item label={t('participate.accountNumber')}>
                    <span className="inline-flex flex-wrap items-center gap-2">
                      <span className="font-mono" data-testid="escrow-account-number">
                        {instructions.bank.accountNumber}
                      </span>
                      <CopyButton text={instructions.bank.accountNumber} label={t('copy.accountNumber')} />
                    </span>
                  </Item>
                  <Item label={t('participate.swift')}>
                    <span className="font-mono">{instructions.bank.swift}</span>
                  </Item>
                  <Item label={t('participate.currency')}>{instructions.bank.currency}</Item>
                  {instructions.bank.bankAddress && (
                    <Item label={t('participate.bankAddress')} wide>
                      {instructions.bank.bankAddress}
                    </Item>
                  )}
                </>
              ) : (
                <p className="text-amber-800 sm:col-span-2">{t('participate.noBank')}</p>
              )}
            </dl>
          </Card>

          <ProofUpload data={data} canUpload={isUnpaid} />
        </div>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <Card titleId="order-summary-title" title={t('participate.orderSummary')}>
            <dl className="mt-4 space-y-3 text-sm">
              <Row label={t('participate.volume')}>{order.volume} t</Row>
              <Row label={t('participate.amount')}>{formatUsd(order.amountCents, locale)}</Row>
              <Row label={t('participate.method')}>{t(`order.${order.paymentMethod}`)}</Row>
              <Row label={t('participate.escrow')}>
                <span data-testid="escrow-state">
                  {t(`participate.escrowStates.${order.escrow.state}`)}
                  {order.escrow.heldCents > 0 && ` · ${formatUsd(order.escrow.heldCents, locale)}`}
                </span>
              </Row>
            </dl>
            {isUnpaid && order.expiresAt && (
              <p className="mt-4 text-sm text-slate-600">
                {t('participate.expires', { date: formatDeadline(order.expiresAt, i18n.language) })}
              </p>
            )}
            <ButtonLink to={`/operation/${operation.id}/waiting`} variant="secondary" className="mt-5 w-full">
              {t('participate.waiting')}
            </ButtonLink>
            <ButtonLink
              to={`/buyer/statements/${order.id}`}
              variant="ghost"
              className="mt-2 w-full"
              data-testid="participate-statement-link"
            >
              {t('statements.open')}
            </ButtonLink>
            <a
              href={`/api/orders/${order.id}/contract.pdf?lang=${i18n.language.slice(0, 2)}`}
              download
              className="mt-2 block w-full rounded-lg px-4 py-2 text-center text-sm font-semibold text-brand-900 hover:bg-slate-100"
              data-testid="participate-contract-link"
            >
              {t('contract.download')}
            </a>
            {isUnpaid && <CancelOrder data={data} cancel={cancel} />}
          </Card>
        </aside>
      </Container>
    </div>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-brand-900">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-brand-900 tabular-nums">{children}</dd>
    </div>
  );
}

function ProofUpload({ data, canUpload }: { data: OrderResponse; canUpload: boolean }) {
  const { t, i18n } = useTranslation();
  const { order } = data;
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProof(order.id, setProgress);
  const actionLabel = order.paymentStatus === 'rejected' ? t('participate.uploadAgain') : t('participate.upload');

  function send(file: File | undefined) {
    if (!file || !canUpload || upload.isPending) return;
    setError(null);
    // Quick checks for fast feedback; the server decides from the file's content.
    if (file.size > UPLOAD_MAX_BYTES) return setError(t('participate.tooLarge', { size: UPLOAD_MAX_MB }));
    const claimed = fileTypeFromName(file.name);
    if (claimed === 'unknown') return setError(t('participate.wrongType'));
    setProgress(0);
    upload.mutate(file, {
      onError: (cause) => {
        const detail = isApiError(cause) && cause.isClientError ? ` ${cause.message}` : '';
        setError(`${t('errors.proofUpload')}${detail}`);
      },
    });
  }

  return (
    <Card titleId="proof-title" title={actionLabel} testId="proof-upload">
      <p className="mt-1 text-sm text-slate-600">{t('participate.uploadHelp', { size: UPLOAD_MAX_MB })}</p>

      {order.hasProof && order.proofUploadedAt && (
        <p className="mt-3 text-sm text-slate-700">
          {t('participate.uploaded', {
            date: formatDate(order.proofUploadedAt, i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}{' '}
          <a
            href={proofFileUrl(order.id)}
            target="_blank"
            rel="noopener"
            className="font-medium text-accent-800 underline underline-offset-2"
          >
            {t('adminPayments.openProof')}
          </a>
        </p>
      )}

      {canUpload && (
        <FileDrop
          className="mt-4"
          accept=".pdf,.jpg,.jpeg,.png"
          dropLabel={t('participate.dropHere')}
          chooseLabel={t('participate.choose')}
          inputLabel={actionLabel}
          onFile={send}
          progress={upload.isPending ? progress : null}
          uploadingLabel={t('participate.uploading')}
          progressLabel={t('participate.uploadProgress')}
        />
      )}
      {error && <Alert className="mt-3">{error}</Alert>}
    </Card>
  );
}

/** One of the page's white cards, named by its h2. */
function Card({
  titleId,
  title,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid={testId}
    >
      <h2 id={titleId} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
