import {
  DISPUTE_EVIDENCE_MAX_FILES,
  type OperationRoomResponse,
  type DisputeSummary,
  type OpenDisputeFields,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  ZOpenDisputeFields,
  fileTypeFromName,
  formatUsd,
} from '@tradeops/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DisputeEvidence, DisputeOpenedBy } from '../../../components/ui/dispute-evidence';
import { FileDrop } from '../../../components/ui/file-drop';
import { Field, Form, FormRootAlert, showServerError, useZodForm } from '../../../components/ui/form';
import { formatDate, toLocale } from '../../../lib/format';
import { useSendDispute } from '../api/operation-room';

const ACCEPT = '.pdf,.jpg,.jpeg,.png';

/** A dispute as it stands: open or decided (and how), who opened it, why, and its evidence. */
export function DisputeState({ operationId, dispute }: { operationId: string; dispute: DisputeSummary }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.language, { dateStyle: 'long' });
  const isOpen = dispute.status === 'open';
  return (
    <div className="space-y-3" data-testid="dispute-state" data-status={dispute.status}>
      <p className={isOpen ? 'font-medium text-rose-900' : 'font-medium text-brand-900'}>
        {isOpen ? t('disputes.status.open') : t('disputes.status.decided', { date: date(dispute.decidedAt!) })}
      </p>
      {dispute.decision && (
        <p className="text-sm font-semibold text-slate-900">{t(`disputes.decisions.${dispute.decision}`)}</p>
      )}
      {dispute.decisionReason && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{t('disputes.decisionReason')}:</span> {dispute.decisionReason}
        </p>
      )}
      <DisputeOpenedBy dispute={dispute} className="text-sm text-slate-600" />
      {dispute.openedBy === 'participant' && (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium">{t('disputes.reason')}:</span> {dispute.reason}
        </p>
      )}
      <DisputeEvidence operationId={operationId} dispute={dispute} />
    </div>
  );
}

/**
 * The evidence files picked so far, several at a time and each removable, within `maxFiles` (what the
 * dispute still takes). A file the server would refuse for its type or size is left out at once and
 * named; so is every file past the limit.
 */
function useEvidenceFiles(maxFiles: number) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  function add(picked: File[]) {
    const refused: string[] = [];
    const accepted = picked.filter((file) => {
      if (fileTypeFromName(file.name) === 'unknown') refused.push(t('disputes.fileWrongType', { name: file.name }));
      else if (file.size > UPLOAD_MAX_BYTES)
        refused.push(t('disputes.fileTooLarge', { name: file.name, size: UPLOAD_MAX_MB }));
      else return true;
      return false;
    });
    const room = Math.max(0, maxFiles - files.length);
    if (accepted.length > room) refused.push(t('disputes.tooManyFiles', { count: maxFiles }));
    setFiles([...files, ...accepted.slice(0, room)]);
    setProblems(refused);
  }
  return {
    files,
    problems,
    isFull: files.length >= maxFiles,
    add,
    remove: (index: number) => {
      setFiles(files.filter((_, at) => at !== index));
      setProblems([]);
    },
    clear: () => {
      setFiles([]);
      setProblems([]);
    },
  };
}

/** Reason and evidence: opens the deal's dispute (or, `isAddingEvidence`, adds files to the open one). */
function DisputeRequestForm({
  operationId,
  isAddingEvidence,
  maxFiles,
  onDone,
  onCancel,
}: {
  operationId: string;
  isAddingEvidence: boolean;
  /** How many files this request may still carry (a dispute takes DISPUTE_EVIDENCE_MAX_FILES in all). */
  maxFiles: number;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendDispute(operationId);
  const evidence = useEvidenceFiles(maxFiles);
  const form = useZodForm(ZOpenDisputeFields, {
    mode: 'onSubmit',
    defaultValues: { reason: isAddingEvidence ? '-' : '' },
  });

  async function submit({ reason }: OpenDisputeFields) {
    try {
      await send.mutateAsync({ reason: isAddingEvidence ? null : reason, files: evidence.files });
      evidence.clear();
      onDone();
    } catch (cause) {
      showServerError(form, cause);
    }
  }

  return (
    <Form form={form} onSubmit={submit} hasRootAlert={false} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-brand-900">
        {isAddingEvidence ? t('disputes.addEvidence') : t('disputes.formTitle')}
      </h3>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {isAddingEvidence
          ? t('disputes.addEvidenceHelp', { count: maxFiles })
          : t('disputes.formHelp', { max: DISPUTE_EVIDENCE_MAX_FILES })}
      </p>
      {!isAddingEvidence && (
        <Field<OpenDisputeFields> name="reason" label={t('disputes.reasonLabel')}>
          {(control) => <textarea {...control} rows={3} maxLength={1000} />}
        </Field>
      )}
      <FileDrop
        multiple
        accept={ACCEPT}
        dropLabel={t('disputes.dropHere')}
        chooseLabel={t('disputes.choose')}
        inputLabel={t('disputes.files')}
        inputDescribedBy={`${id}-help`}
        onFiles={evidence.add}
        isDisabled={send.isPending || evidence.isFull}
      />
      {evidence.problems.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm text-rose-800">
          {evidence.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {evidence.files.length > 0 && (
        <div data-testid="dispute-chosen-files">
          <p className="text-sm font-medium text-slate-700">
            {t('disputes.chosenCount', { count: evidence.files.length, max: maxFiles })}
          </p>
          <ul className="mt-1 space-y-1">
            {evidence.files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 break-all text-slate-800">{file.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={send.isPending}
                  aria-label={t('disputes.removeFile', { name: file.name })}
                  onClick={() => evidence.remove(index)}
                >
                  {t('disputes.remove')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormRootAlert />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={send.isPending || (isAddingEvidence && evidence.files.length === 0)}>
          {send.isPending
            ? t('disputes.sending')
            : isAddingEvidence
              ? t('disputes.addEvidenceSubmit')
              : t('disputes.submit')}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('disputes.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * The operation room's dispute card: the dispute's state and evidence, the caller's own refund (amount and
 * date, from the ledger), and — while the window after arrival is open — the way to open one, or to
 * add evidence to the open one. Nothing at all for a deal without a dispute or a chance to open one.
 */
export function DisputePanel({ room }: { room: OperationRoomResponse }) {
  const { t, i18n } = useTranslation();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { dispute, disputeWindow: window, order } = room;
  const hasPayout = order?.paidOutAt != null && (dispute !== null || order.refundedCents > 0);
  if (!dispute && !window.canOpen && !hasPayout && !notice) return null;
  const locale = toLocale(i18n.language);
  // closesAt is the first instant after the window: its last day is the day before, in UTC.
  const lastDay = window.closesAt
    ? formatDate(new Date(Date.parse(window.closesAt) - 1).toISOString(), i18n.language, {
        dateStyle: 'long',
        timeZone: 'UTC',
      })
    : null;

  return (
    <section
      aria-labelledby="operation-room-dispute"
      data-testid="operation-room-dispute"
      className={`rounded-xl border bg-white p-5 sm:p-6 ${dispute?.status === 'open' ? 'border-rose-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="operation-room-dispute" className="text-lg font-semibold text-brand-900">
          {t('disputes.title')}
        </h2>
        {dispute && (
          <Badge tone={dispute.status === 'open' ? 'danger' : 'success'}>{t(`disputes.badge.${dispute.status}`)}</Badge>
        )}
      </div>
      <div className="mt-4 space-y-4">
        {notice && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {notice}
          </p>
        )}
        {dispute && <DisputeState operationId={room.operation.id} dispute={dispute} />}
        {hasPayout && order && (
          <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="my-payout">
            {order.refundedCents > 0 && (
              <p className="font-semibold">
                {t('disputes.yourRefund', {
                  amount: formatUsd(order.refundedCents, locale),
                  date: formatDate(order.paidOutAt!, i18n.language, { dateStyle: 'long' }),
                })}
              </p>
            )}
            {order.releasedCents > 0 && (
              <p>{t('disputes.yourRelease', { amount: formatUsd(order.releasedCents, locale) })}</p>
            )}
          </div>
        )}
        {window.canOpen &&
          (isFormOpen ? (
            <DisputeRequestForm
              operationId={room.operation.id}
              isAddingEvidence={false}
              maxFiles={DISPUTE_EVIDENCE_MAX_FILES}
              onDone={() => {
                setIsFormOpen(false);
                setNotice(t('disputes.opened'));
              }}
              onCancel={() => setIsFormOpen(false)}
            />
          ) : (
            <div className="space-y-3">
              {lastDay && <p className="text-sm text-slate-700">{t('disputes.openUntil', { date: lastDay })}</p>}
              <Button variant="secondary" onClick={() => setIsFormOpen(true)}>
                {t('disputes.open')}
              </Button>
            </div>
          ))}
        {window.canAddEvidence &&
          dispute?.status === 'open' &&
          dispute.evidence.length < DISPUTE_EVIDENCE_MAX_FILES && (
            <DisputeRequestForm
              operationId={room.operation.id}
              isAddingEvidence
              maxFiles={DISPUTE_EVIDENCE_MAX_FILES - dispute.evidence.length}
              onDone={() => setNotice(t('disputes.evidenceAdded'))}
            />
          )}
      </div>
    </section>
  );
}
