import { type ErrorCode, type KycDocument, type KycDocumentType } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, loadContracts } from '../../../lib/api-client';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { KYC_STATUS_QUERY_KEY } from './get-kyc-status';

/**
 * Uploads one document with XMLHttpRequest, the one browser API that reports
 * upload progress. Errors come back as ApiError like every other call.
 */
export function uploadDocument(
  documentType: KycDocumentType,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<KycDocument> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/kyc/documents/${documentType}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('errors.network') }));
    request.onload = async () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const contracts = await loadContracts().catch(() => null);
      if (request.status >= 200 && request.status < 300) {
        const parsed = contracts?.ZUploadDocumentResponse.safeParse(body);
        if (parsed?.success) return resolve(parsed.data.document);
        return reject(
          new ApiError({ status: request.status, code: 'INVALID_RESPONSE', message: i18n.t('errors.invalidResponse') }),
        );
      }
      const error = contracts?.ZApiError.safeParse(body);
      reject(
        new ApiError({
          status: request.status,
          code: error?.success ? (error.data.error.code as ErrorCode) : 'INTERNAL_ERROR',
          message: error?.success ? error.data.error.message : i18n.t('errors.documentUpload'),
        }),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function useUploadDocument(documentType: KycDocumentType, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(documentType, file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KYC_STATUS_QUERY_KEY }),
  });
}
