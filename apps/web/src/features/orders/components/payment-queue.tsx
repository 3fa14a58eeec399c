import { type PaymentReviewItem, ZRejectPaymentRequest, formatUsd } from '@tradeops/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field as FormField, Form, useZodForm } from '../../../components/ui/form';
import { formatDate, toLocale } from '../../../lib/format';
import { usePaymentDecision, usePaymentQueue } from '../api/payments';
import { proofFileUrl } from '../api/upload-proof';
import { Alert } from '../../../components/ui/alert';
import { InnerPage } from '../../../components/ui/inner-page';
import { LoadMore, WaitingTotal } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';

/** The reason of a rejection, checked by the request's schema (the proof revision is the card's). */
const ZRejectReason = ZRejectPaymentRequest.pick({ reason: true });

/** /admin/payments: payment proofs to verify, each viewable in the page, confirmed or rejected with a reason. */
export function PaymentQueue() {
  const { t } = useTranslation();
  const queue = usePaymentQueue();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <InnerPage
      // Payments are not KYC: the queue sits under the admin panel, beside the review queues.
      back={{ to: '/admin', label: t('adminPayments.back') }}
      title={t('adminPayments.title')}
      description={t('adminPayments.subtitle')}
    >
      <p role="status" className="mt-4 min-h-6 text-sm font-medium text-emerald-800">
        {notice}
      </p>
      <div className="mt-4">
        <QueryState
          query={queue}
          failure={t('adminPayments.loadError')}
          isEmpty={(page) => page.items.length === 0}
          empty={t('adminPayments.empty')}
        >
          {(page) => (
            <>
              <WaitingTotal list={page} className="text-sm font-medium text-slate-700" />
              <ul className="mt-4 space-y-6">
                {page.items.map((item) => (
                  <PaymentCard key={item.id} item={item} onDone={setNotice} />
                ))}
              </ul>
              <LoadMore list={queue} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}

function PaymentCard({ item, onDone }: { item: PaymentReviewItem; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const decide = usePaymentDecision();
  const [isRejecting, setIsRejecting] = useState(false);
  const rejectForm = useZodForm(ZRejectReason, { mode: 'onSubmit', defaultValues: { reason: '' } });
  const [error, setError] = useState<string | null>(null);
  const proofTitle = t('adminPayments.proofTitle', { reference: item.paymentReference });

  function fail(cause: unknown) {
    setError(cause instanceof Error ? cause.message : t('errors.INTERNAL_ERROR'));
  }

  const [isConfirming, setIsConfirming] = useState(false);

  // Money moves into escrow only after the dialog's yes, which names the amount and the buyer.
  function confirm() {
    setError(null);
    decide.mutate(
      { kind: 'confirm', id: item.id, proofRevision: item.proofRevision },
      {
        onSuccess: () => {
          setIsConfirming(false);
          onDone(t('adminPayments.confirmedNotice', { reference: item.paymentReference }));
        },
        onError: (cause) => {
          setIsConfirming(false);
          fail(cause);
        },
      },
    );
  }

  function reject({ reason }: { reason: string }) {
    setError(null);
    decide.mutate(
      { kind: 'reject', id: item.id, reason, proofRevision: item.proofRevision },
      {
        onSuccess: () => onDone(t('adminPayments.rejectedNotice', { reference: item.paymentReference })),
        onError: fail,
      },
    );
  }

  return (
    <li
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:grid-cols-[20rem_1fr]"
      data-testid={`payment-${item.paymentReference}`}
    >
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{t('adminPayments.reference')}</p>
        <p className="font-mono text-lg font-bold text-brand-900">{item.paymentReference}</p>
        <dl className="mt-3 space-y-2 text-sm">
          <Field label={t('adminPayments.buyer')}>
            {item.buyerName} · {item.companyName}
            <span className="block break-all text-slate-500">{item.buyerEmail}</span>
          </Field>
          <Field label={t('adminPayments.operation')}>
            {item.operationTitle}{' '}
            <Link
              to={`/admin/operations/${item.operationId}/ledger`}
              className="font-medium text-accent-800 underline underline-offset-2"
            >
              {t('adminPayments.ledger')}
            </Link>
          </Field>
          <Field label={t('adminPayments.amount')}>
            <span className="text-base font-bold tabular-nums">{formatUsd(item.amountCents, locale)}</span> ·{' '}
            {item.volume} t · {t(`order.${item.paymentMethod}`)}
          </Field>
          {item.proofUploadedAt && (
            <Field label={t('adminPayments.uploadedAt')}>
              {formatDate(item.proofUploadedAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </Field>
          )}
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => setIsConfirming(true)}>
            {t('adminPayments.confirm')}
          </Button>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            title={t('moneyConfirm.payment.title')}
            description={t('moneyConfirm.payment.text', {
              amount: formatUsd(item.amountCents, locale),
              company: item.companyName,
              reference: item.paymentReference,
              operation: item.operationTitle,
            })}
            confirmLabel={t('moneyConfirm.payment.confirm')}
            cancelLabel={t('moneyConfirm.cancel')}
            onConfirm={confirm}
            isPending={decide.isPending}
          />
          {!isRejecting && (
            <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => setIsRejecting(true)}>
              {t('adminPayments.reject')}
            </Button>
          )}
        </div>
        {isRejecting && (
          <Form form={rejectForm} onSubmit={reject} hasRootAlert={false} className="mt-3 space-y-2">
            <FormField name="reason" label={t('adminPayments.reasonLabel')}>
              {(control) => <textarea {...control} rows={2} maxLength={500} />}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" variant="secondary" disabled={decide.isPending}>
                {t('adminPayments.sendReject')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setIsRejecting(false)}>
                {t('adminPayments.cancel')}
              </Button>
            </div>
          </Form>
        )}
        {error && <Alert className="mt-3">{error}</Alert>}
      </div>
      <div className="min-w-0">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-700">{t('adminPayments.proof')}</p>
          <a
            href={proofFileUrl(item.id, false, item.proofRevision)}
            target="_blank"
            rel="noopener"
            className="text-sm font-medium text-accent-800 underline underline-offset-2"
          >
            {t('adminPayments.openProof')}
          </a>
        </div>
        {item.proofMimeType === 'application/pdf' ? (
          <iframe
            title={proofTitle}
            src={proofFileUrl(item.id, false, item.proofRevision)}
            className="mt-2 h-80 w-full rounded-lg border border-slate-200 bg-slate-50"
          />
        ) : (
          <img
            src={proofFileUrl(item.id, false, item.proofRevision)}
            alt={proofTitle}
            className="mt-2 h-80 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
          />
        )}
      </div>
    </li>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-brand-900">{children}</dd>
    </div>
  );
}
