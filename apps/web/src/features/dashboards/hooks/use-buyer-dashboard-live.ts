import { REALTIME_REFETCH_SPREAD_MS, type RealtimeBinding, useRealtimeInvalidation } from '../../../lib/realtime';
import { dashboardKeys } from '../api/keys';

/**
 * The buyer's orders follow their payments live: an admin's confirmation or rejection (an event
 * about the buyer's own order) and a deal's status change refetch the dashboard without a reload.
 */
const BINDINGS: readonly RealtimeBinding[] = [
  { kinds: ['order'], queryKey: dashboardKeys.buyers },
  // Every signed-in page hears each approved deal's changes: spread, not all at once.
  { kinds: ['operation'], queryKey: dashboardKeys.buyers, spreadMs: REALTIME_REFETCH_SPREAD_MS },
];

export function useBuyerDashboardLive(): void {
  useRealtimeInvalidation(BINDINGS);
}
