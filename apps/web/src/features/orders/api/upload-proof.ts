import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { orderKeys } from './keys';

/** POST /api/orders/{id}/proof with upload progress. */
export function useUploadProof(orderId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadWithProgress({
        url: `/api/orders/${encodeURIComponent(orderId)}/proof`,
        file,
        schema: (c) => c.ZPlaceOrderResponse,
        onProgress,
        fallbackKey: 'errors.proofUpload',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * The authorised route of an order's proof (inline; `download` asks for an attachment).
 * With `revision` (the admins' queue), a proof replaced since is refused instead of shown.
 */
export function proofFileUrl(orderId: string, download = false, revision?: number): string {
  const query = new URLSearchParams();
  if (download) query.set('download', '1');
  if (revision) query.set('revision', String(revision));
  const search = query.toString();
  return `/api/orders/${encodeURIComponent(orderId)}/proof${search ? `?${search}` : ''}`;
}
