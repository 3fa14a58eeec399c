import { type TradeDocumentKind, tradeDocumentPath } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { useRejectTradeDocument, useTradeDocuments, useUploadTradeDocument } from '../api/partners';

/**
 * A deal's document checklist (operation room, partner area, back office): each document, who uploads
 * it and the step it gates, its state, a download, an upload for whoever uploads it and, for an
 * admin, a rejection with a reason.
 */
export function TradeDocumentsPanel({ operationId }: { operationId: string }) {
  const { t, i18n } = useTranslation();
  const documents = useTradeDocuments(operationId);
  const upload = useUploadTradeDocument(operationId);
  const reject = useRejectTradeDocument(operationId);
  const [rejecting, setRejecting] = useState<TradeDocumentKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const error = upload.error ?? reject.error;

  return (
    <section aria-labelledby="trade-documents-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="trade-documents-title" className="text-lg font-semibold text-slate-900">
        {t('tradeDocuments.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('tradeDocuments.subtitle')}</p>
      {error && <Alert className="mt-3">{error.message}</Alert>}
      {done && (
        <Alert tone="success" className="mt-3">
          {done}
        </Alert>
      )}
      <div className="mt-4">
        <QueryState query={documents} skeletonClassName="h-40 w-full rounded-lg">
          {(data) => (
            <ul className="divide-y divide-slate-100" data-testid="trade-documents">
              {data.items.map((item) => {
                const name = t(`tradeDocuments.kinds.${item.kind}`);
                const state = item.status ?? 'missing';
                return (
                  <li key={item.kind} className="flex flex-col gap-2 py-3" data-testid={`trade-document-${item.kind}`}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium text-slate-900 first-letter:uppercase">{name}</p>
                      <Badge tone={state === 'uploaded' ? 'success' : state === 'rejected' ? 'danger' : 'warning'}>
                        {item.status === 'uploaded' && !item.fileName
                          ? t('tradeDocuments.status.grandfathered')
                          : t(`tradeDocuments.status.${state}`)}
                      </Badge>
                    </div>
                    <p className="text-sm text-slate-600">
                      {t(`tradeDocuments.uploaders.${item.uploader}`)} · {t(`tradeDocuments.gates.${item.gates}`)}
                    </p>
                    {item.uploadedAt && item.uploadedBy && (
                      <p className="text-sm text-slate-500">
                        {t('tradeDocuments.uploadedBy', {
                          company: item.uploadedBy,
                          date: formatDate(item.uploadedAt, i18n.language, { dateStyle: 'long' }),
                        })}
                      </p>
                    )}
                    {item.rejectionReason && (
                      <p className="text-sm text-red-700">
                        {t('tradeDocuments.rejectedBecause', { reason: item.rejectionReason })}
                      </p>
                    )}
                    <div className="flex flex-wrap items-center gap-3">
                      {item.fileName && (
                        <a
                          href={`${tradeDocumentPath(operationId, item.kind)}?download=1`}
                          className="text-sm font-semibold text-accent-800 underline underline-offset-2"
                        >
                          {t('tradeDocuments.download')}
                        </a>
                      )}
                      {item.canUpload && (
                        <label className="cursor-pointer text-sm font-semibold text-accent-800 underline underline-offset-2">
                          {upload.isPending && upload.variables?.kind === item.kind
                            ? t('tradeDocuments.uploading')
                            : item.status
                              ? t('tradeDocuments.replace')
                              : t('tradeDocuments.upload')}
                          <input
                            type="file"
                            accept="application/pdf,image/jpeg,image/png"
                            className="sr-only"
                            aria-label={`${t('tradeDocuments.upload')}: ${name}`}
                            onChange={(event) => {
                              const file = event.target.files?.[0];
                              event.target.value = '';
                              if (!file) return;
                              setDone(null);
                              upload.mutate(
                                { kind: item.kind, file },
                                { onSuccess: () => setDone(t('tradeDocuments.uploadDone')) },
                              );
                            }}
                          />
                        </label>
                      )}
                      {data.canReject && item.status === 'uploaded' && item.fileName && rejecting !== item.kind && (
                        <Button size="sm" variant="ghost" onClick={() => setRejecting(item.kind)}>
                          {t('tradeDocuments.reject')}
                        </Button>
                      )}
                    </div>
                    {rejecting === item.kind && (
                      <form
                        className="flex flex-col gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
                          if (!reason) return;
                          setDone(null);
                          reject.mutate(
                            { kind: item.kind, reason },
                            {
                              onSuccess: () => {
                                setRejecting(null);
                                setDone(t('tradeDocuments.rejectDone'));
                              },
                            },
                          );
                        }}
                      >
                        <label className="text-sm font-medium text-slate-700">
                          {t('tradeDocuments.rejectReason')}
                          <textarea name="reason" required rows={2} className={`mt-1 ${inputClasses(false)}`} />
                        </label>
                        <div className="flex gap-2">
                          <Button type="submit" size="sm" disabled={reject.isPending}>
                            {t('tradeDocuments.rejectSubmit')}
                          </Button>
                          <Button size="sm" variant="ghost" onClick={() => setRejecting(null)}>
                            {t('tradeDocuments.cancel')}
                          </Button>
                        </div>
                      </form>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
