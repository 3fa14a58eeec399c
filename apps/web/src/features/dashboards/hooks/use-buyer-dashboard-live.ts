import { type RealtimeBinding, useRealtimeInvalidation } from '../../../lib/realtime';
import { dashboardKeys } from '../api/keys';

/**
 * The buyer's orders follow their payments live: an admin's confirmation or rejection (an event
 * about the buyer's own order) and a deal's status change refetch the dashboard without a reload.
 */
const BINDINGS: readonly RealtimeBinding[] = [
  { kinds: ['participation', 'operation'], queryKey: dashboardKeys.buyers },
];

export function useBuyerDashboardLive(): void {
  useRealtimeInvalidation(BINDINGS);
}
