import { type KycStatus } from '@tradeops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';

/**
 * The session is cached for the whole visit; when the KYC answer shows a
 * decision the cached session does not know yet, the session is asked again,
 * so the guards open (or close) without signing in again.
 */
export function useSyncSessionKycStatus(kycStatus: KycStatus | undefined): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (kycStatus && user && user.kycStatus !== kycStatus) {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  }, [kycStatus, user, queryClient]);
}
