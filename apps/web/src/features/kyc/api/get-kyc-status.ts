import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const KYC_STATUS_QUERY_KEY = ['kyc', 'status'] as const;

export const kycStatusQueryOptions = queryOptions({
  queryKey: KYC_STATUS_QUERY_KEY,
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
    onSuccess: (data) => queryClient.setQueryData(KYC_STATUS_QUERY_KEY, data),
  });
}

/** The authorised route of a document's file: inline for the preview, or as a download. */
export function documentFileUrl(documentId: string, download = false): string {
  return `/api/kyc/documents/${encodeURIComponent(documentId)}/file${download ? '?download=1' : ''}`;
}
