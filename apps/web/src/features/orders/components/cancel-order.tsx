import { type OrderResponse, formatUsd } from '@tradeops/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { toLocale } from '../../../lib/format';
import { type OrderToCancel, type useCancelOrder } from '../api/cancel-order';

export type CancelMutation = ReturnType<typeof useCancelOrder>;

/**
 * "Cancel my order" for an unpaid order (the page shows it only for one: isUnpaidOrder). A dialog names
 * the tons, the amount and the operation before anything happens; then the tons go back at once.
 */
export function CancelOrder({ data, cancel }: { data: OrderResponse; cancel: CancelMutation }) {
  const { t, i18n } = useTranslation();
  const { order, operation } = data;
  const [isAsking, setIsAsking] = useState(false);
  const figures = {
    tons: order.volume,
    amount: formatUsd(order.amountCents, toLocale(i18n.language)),
    operation: operation.title,
  };

  function confirm() {
    // The page (which owns the mutation) shows the cancelled order once it succeeds.
    cancel.mutate(
      {
        orderId: order.id,
        operationId: operation.id,
        operationTitle: operation.title,
        tons: order.volume,
        amountCents: order.amountCents,
      },
      { onError: () => setIsAsking(false) },
    );
  }

  return (
    <div className="mt-5 border-t border-slate-200 pt-4" data-testid="cancel-order">
      <p className="text-sm text-slate-600">{t('participate.cancel.help')}</p>
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setIsAsking(true)}>
        {t('participate.cancel.open')}
      </Button>
      {cancel.isError && <Alert className="mt-3">{cancel.error.message}</Alert>}
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        title={t('participate.cancel.title')}
        description={
          <>
            <span className="block">{t('participate.cancel.text', figures)}</span>
            {!order.hasProof && (
              <span className="mt-2 block font-medium text-amber-900">{t('participate.cancel.paidWarning')}</span>
            )}
          </>
        }
        confirmLabel={t('participate.cancel.confirm')}
        cancelLabel={t('participate.cancel.keep')}
        isPending={cancel.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}

/** The page after a cancel: what was cancelled, a new order, or back to the operation. */
export function CancelledOrderPanel({ order }: { order: OrderToCancel }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The dialog that led here is gone with the order: focus lands on what the page now says.
  useEffect(() => headingRef.current?.focus(), []);
  const operationPath = `/operation/${encodeURIComponent(order.operationId)}`;
  return (
    <Container className="py-10" data-testid="order-cancelled">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
        {t('participate.cancel.doneTitle')}
      </h1>
      <p role="status" className="mt-4 max-w-2xl text-lg text-slate-700">
        {t('participate.cancel.done', {
          tons: order.tons,
          amount: formatUsd(order.amountCents, toLocale(i18n.language)),
          operation: order.operationTitle,
        })}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={`${operationPath}/order`}>{t('participate.cancel.orderAgain')}</ButtonLink>
        <ButtonLink to={operationPath} variant="secondary">
          {t('participate.cancel.backToOperation')}
        </ButtonLink>
      </div>
    </Container>
  );
}
