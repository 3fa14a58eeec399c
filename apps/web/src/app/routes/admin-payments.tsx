import { PaymentQueue } from '../../features/participations/components/payment-queue';

/** /admin/payments: the payment verification queue. */
export function AdminPaymentsPage() {
  return <PaymentQueue />;
}
