import { type KycDocument, type KycDocumentType } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { kycKeys } from './keys';

/** Uploads one document, reporting progress; errors come back as ApiError like every other call. */
export async function uploadDocument(
  documentType: KycDocumentType,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<KycDocument> {
  const answer = await uploadWithProgress({
    url: `/api/kyc/documents/${documentType}`,
    file,
    schema: (c) => c.ZUploadDocumentResponse,
    onProgress,
    fallbackKey: 'errors.documentUpload',
  });
  return answer.document;
}

export function useUploadDocument(documentType: KycDocumentType, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(documentType, file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.status() }),
  });
}
