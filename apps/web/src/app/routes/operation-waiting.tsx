import { useParams } from 'react-router';
import { OperationRoomView } from '../../features/operation-room/components/operation-room-view';
import { TradeDocumentsPanel } from '../../features/partners/components/trade-documents-panel';

/** /operation/{operationId}/waiting: the live operation room of one operation, its documents included. */
export function OperationWaitingPage() {
  const { operationId = '' } = useParams();
  return (
    <OperationRoomView
      key={operationId}
      operationId={operationId}
      documents={<TradeDocumentsPanel operationId={operationId} />}
    />
  );
}
