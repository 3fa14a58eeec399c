import { useParams } from 'react-router';
import { ParticipateView } from '../../features/orders/components/participate-view';
import { RequireKyc } from '../guards';

/** /operation/{id}/participate (signed in, KYC approved): payment instructions and proof upload. */
export function OperationParticipatePage() {
  const { operationId = '' } = useParams();
  return (
    <RequireKyc>
      <ParticipateView key={operationId} operationId={operationId} />
    </RequireKyc>
  );
}
