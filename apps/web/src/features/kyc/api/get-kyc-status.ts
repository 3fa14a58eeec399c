import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycKeys } from './keys';

export const kycStatusQueryOptions = queryOptions({
  queryKey: kycKeys.status(),
  queryFn: ({ signal }) => apiRequest('/api/kyc', (c) => c.ZKycStatusResponse, { signal }),
  staleTime: 0,
});

/** The signed-in company's KYC status, onboarding step and five documents. */
export function useKycStatus() {
  return useQuery(kycStatusQueryOptions);
}

/** The stepper's Continue. */
export function useContinueOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/kyc/onboarding/continue', (c) => c.ZKycStatusResponse, { method: 'POST', body: {} }),
    onSuccess: (data) => queryClient.setQueryData(kycKeys.status(), data),
  });
}

/** The authorised route of a document's file: inline for the preview, or as a download. */
export function documentFileUrl(documentId: string, download = false, revision?: number | null): string {
  const query = new URLSearchParams();
  if (download) query.set('download', '1');
  // Names the revision shown: a replaced file is refused instead of shown under the old one (and never cached).
  if (revision) query.set('revision', String(revision));
  const search = query.toString();
  return `/api/kyc/documents/${encodeURIComponent(documentId)}/file${search ? `?${search}` : ''}`;
}
