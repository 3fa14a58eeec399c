import { type OfferValues } from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { offerKeys } from './keys';

/** Every query of a seller's offers shares this prefix, so a change refreshes them all. */
export interface OfferFilesInput {
  image?: File | null;
  spec?: File | null;
}

/** The multipart body of POST/PUT /api/offers: the form as JSON plus the optional files. */
function offerFormData(values: OfferValues, files: OfferFilesInput): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(values));
  if (files.image) form.append('image', files.image, files.image.name);
  if (files.spec) form.append('spec', files.spec, files.spec.name);
  return form;
}

/**
 * Creates (POST) or updates (PUT) an offer: one multipart request with its files,
 * sent with the upload's progress.
 */
export function useSaveOffer(id: string | undefined, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, files }: { values: OfferValues; files: OfferFilesInput }) => {
      const form = offerFormData(values, files);
      if (!id)
        return uploadWithProgress({
          url: '/api/offers',
          form,
          schema: (c) => c.ZOfferCreatedResponse,
          onProgress,
          fallbackKey: 'errors.INTERNAL_ERROR',
        });
      await uploadWithProgress({
        url: `/api/offers/${encodeURIComponent(id)}`,
        method: 'PUT',
        form,
        schema: (c) => c.ZOkResponse,
        onProgress,
        fallbackKey: 'errors.INTERNAL_ERROR',
      });
      return { id };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/** GET /api/offers/mine: the seller's offers, newest first, a page at a time with the total. */
export function useMyOffers() {
  const { i18n } = useTranslation();
  return usePagedList({
    queryKey: offerKeys.mine(i18n.language),
    path: '/api/offers/mine',
    schema: (c) => c.ZSellerOffersResponse,
  });
}

export function useOfferDetail(id: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: offerKeys.detail(id, i18n.language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/offers/${encodeURIComponent(id ?? '')}`, (c) => c.ZOfferDetail, { signal }),
    enabled: Boolean(id),
  });
}

/** GET /api/offers/{id}/participants: an offer's orders in the order they were placed, a page at a time with the total. */
export function useOfferParticipants(id: string) {
  return usePagedList({
    queryKey: offerKeys.participants(id),
    path: `/api/offers/${encodeURIComponent(id)}/participants`,
    schema: (c) => c.ZOfferParticipantsResponse,
  });
}

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/offers/${encodeURIComponent(id)}/withdraw`, (c) => c.ZOkResponse, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

export function useSellerDashboard() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: offerKeys.dashboard(i18n.language),
    queryFn: ({ signal }) => apiRequest('/api/seller/dashboard', (c) => c.ZSellerDashboardResponse, { signal }),
  });
}
