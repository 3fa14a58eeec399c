import { useParams } from 'react-router';
import { OrderForm } from '../../features/participations/components/order-form';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';
import { RequireKyc } from '../guards';

/**
 * /operation/{id}/order (signed in, KYC approved). A full operation shows the
 * waitlist panel (join, place in line, claim an offer) in the form's slot.
 */
export function OperationOrderPage() {
  const { operationId = '' } = useParams();
  return (
    <RequireKyc>
      <OrderForm key={operationId} operationId={operationId} fullPanel={<WaitlistPanel operationId={operationId} />} />
    </RequireKyc>
  );
}
