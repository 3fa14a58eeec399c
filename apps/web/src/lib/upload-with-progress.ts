import { type ErrorCode } from '@tradeops/shared';
import type { z } from 'zod';
import { ApiError, type Contracts, loadContracts } from './api-client';
import { currentLanguage, i18n } from './i18n';

/**
 * Sends one file (as the part "file"), or a whole multipart form with its files,
 * with XMLHttpRequest, the one browser API that reports upload progress, and
 * checks the answer against its shared contract. Errors come back as ApiError
 * like every other call; `fallbackKey` is the catalog message used when the
 * server's answer says nothing readable.
 */
export function uploadWithProgress<S extends z.ZodType>(
  options: ({ file: File } | { form: FormData }) & {
    url: string;
    method?: 'POST' | 'PUT';
    schema: (contracts: Contracts) => S;
    onProgress: (fraction: number) => void;
    fallbackKey: 'errors.documentUpload' | 'errors.proofUpload' | 'errors.INTERNAL_ERROR';
  },
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', options.url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
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
        const parsed = contracts ? options.schema(contracts).safeParse(body) : null;
        if (parsed?.success) return resolve(parsed.data);
        return reject(
          new ApiError({ status: request.status, code: 'INVALID_RESPONSE', message: i18n.t('errors.invalidResponse') }),
        );
      }
      const error = contracts?.ZApiError.safeParse(body);
      reject(
        new ApiError({
          status: request.status,
          code: error?.success ? (error.data.error.code as ErrorCode) : 'INTERNAL_ERROR',
          message: error?.success ? error.data.error.message : i18n.t(options.fallbackKey),
        }),
      );
    };
    if ('form' in options) return request.send(options.form);
    const form = new FormData();
    form.append('file', options.file, options.file.name);
    request.send(form);
  });
}
