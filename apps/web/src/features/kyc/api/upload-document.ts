import { type DocumentDates, type KycDocument, type KycDocumentType } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { kycKeys } from './keys';

/** Uploads one document, reporting progress; errors come back as ApiError like every other call. */
export async function uploadDocument(
  documentType: KycDocumentType,
  file: File,
  dates: DocumentDates,
  onProgress: (fraction: number) => void,
): Promise<KycDocument> {
  // The dates first, then the file: the server reads the fields as they arrive.
  const form = new FormData();
  for (const [field, value] of Object.entries(dates)) if (value) form.append(field, value);
  form.append('file', file, file.name);
  const answer = await uploadWithProgress({
    url: `/api/kyc/documents/${documentType}`,
    form,
    schema: (c) => c.ZUploadDocumentResponse,
    onProgress,
    fallbackKey: 'errors.documentUpload',
  });
  return answer.document;
}

export function useUploadDocument(documentType: KycDocumentType, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dates }: { file: File; dates: DocumentDates }) =>
      uploadDocument(documentType, file, dates, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.status() }),
  });
}
