import { useParams } from 'react-router';
import { OrderForm } from '../../features/participations/components/order-form';
import { RequireKyc } from '../guards';

/**
 * /operation/{id}/order (signed in, KYC approved). `fullPanel` is where the
 * waitlist's join panel goes when the operation is full.
 */
export function OperationOrderPage() {
  const { operationId = '' } = useParams();
  return (
    <RequireKyc>
      <OrderForm key={operationId} operationId={operationId} fullPanel={null} />
    </RequireKyc>
  );
}
