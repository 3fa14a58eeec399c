import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offerKeys } from './keys';

/** The platform's commission on seller payouts now (an admin setting), for the wizard and the dashboard. */
export function usePlatformFee() {
  return useQuery({
    queryKey: offerKeys.platformFee,
    queryFn: ({ signal }) => apiRequest('/api/seller/platform-fee', (c) => c.ZPlatformFeeResponse, { signal }),
    staleTime: 60_000,
  });
}
