import { PaymentQueue } from '../../features/orders/components/payment-queue';

/** /admin/payments: the payment verification queue. */
export function AdminPaymentsPage() {
  return <PaymentQueue />;
}
