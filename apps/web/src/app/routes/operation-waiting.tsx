import { useParams } from 'react-router';
import { DealRoomView } from '../../features/deal-room/components/deal-room-view';

/** /operation/{operationId}/waiting: the live deal room of one operation. */
export function OperationWaitingPage() {
  const { operationId = '' } = useParams();
  return <DealRoomView key={operationId} operationId={operationId} />;
}
