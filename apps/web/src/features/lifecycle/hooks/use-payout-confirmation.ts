import { type PayoutPreview, type PayoutPreviewRequest } from '@tradeops/shared';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { usePayoutPreview } from '../api/lifecycle';

/**
 * A money action's confirmation: ask the server what it would book (the preview), show it, and
 * run the action with the preview's digest. When the server answers that the figures changed
 * since (PAYOUT_CHANGED), the dialog stays open with the new figures and the server's words, so
 * the admin confirms what will really be booked. Any other refusal closes it and goes to the caller.
 */
export function usePayoutConfirmation(operationId: string) {
  const previewRequest = usePayoutPreview(operationId);
  const [shown, setShown] = useState<{ request: PayoutPreviewRequest; preview: PayoutPreview } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function close() {
    setShown(null);
    setNotice(null);
  }

  /** Asks for the figures and opens the dialog with them; a refusal (e.g. a missing refund) is thrown to the caller. */
  async function open(request: PayoutPreviewRequest) {
    setNotice(null);
    const preview = await previewRequest.mutateAsync(request);
    setShown({ request, preview });
  }

  async function confirm(run: (previewDigest: string) => Promise<unknown>) {
    if (!shown) return;
    try {
      await run(shown.preview.digest);
      close();
    } catch (cause) {
      if (!(isApiError(cause) && cause.code === 'PAYOUT_CHANGED')) {
        close();
        throw cause;
      }
      setNotice(cause.message);
      try {
        setShown({ request: shown.request, preview: await previewRequest.mutateAsync(shown.request) });
      } catch (refusal) {
        close();
        throw refusal;
      }
    }
  }

  return {
    preview: shown?.preview ?? null,
    notice,
    isPreparing: previewRequest.isPending,
    open,
    close,
    confirm,
  };
}
