import { useParams } from 'react-router';
import { OrderForm } from '../../features/orders/components/order-form';
import { WaitlistInvitationBanner, WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';
import { Container } from '../../components/ui/container';
import { RequireKyc } from '../guards';

/**
 * /operation/{id}/order (signed in, KYC approved). A full operation shows the
 * waitlist panel (join, place in line, claim an invitation) in the form’s slot;
 * an invitation made while tons are still free shows above the form.
 */
export function OperationOrderPage() {
  const { operationId = '' } = useParams();
  return (
    <RequireKyc>
      <div className="flex flex-1 flex-col">
        <Container className="pt-6 empty:hidden">
          <WaitlistInvitationBanner operationId={operationId} />
        </Container>
        <OrderForm
          key={operationId}
          operationId={operationId}
          fullPanel={<WaitlistPanel operationId={operationId} />}
        />
      </div>
    </RequireKyc>
  );
}
