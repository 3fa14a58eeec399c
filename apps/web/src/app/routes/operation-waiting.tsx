import { useParams } from 'react-router';
import { DealRoomView } from '../../features/deal-room/components/deal-room-view';
import { TradeDocumentsPanel } from '../../features/partners/components/trade-documents-panel';

/** /operation/{operationId}/waiting: the live deal room of one operation, its documents included. */
export function OperationWaitingPage() {
  const { operationId = '' } = useParams();
  return (
    <DealRoomView
      key={operationId}
      operationId={operationId}
      documents={<TradeDocumentsPanel operationId={operationId} />}
    />
  );
}
