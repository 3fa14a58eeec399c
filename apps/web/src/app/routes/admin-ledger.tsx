import { useParams } from 'react-router';
import { LedgerView } from '../../features/escrow/components/ledger-view';

/** /admin/operations/{id}/ledger: an operation's escrow ledger. */
export function AdminLedgerPage() {
  const { operationId = '' } = useParams();
  return <LedgerView key={operationId} operationId={operationId} />;
}
