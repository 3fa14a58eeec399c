import { type OperationRoomResponse, type OperationMilestoneKind, milestoneDocumentPath } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';
import { formatDate } from '../../../lib/format';
import { type TimelineStep, buildTimeline } from './timeline-steps';

function StepMarker({ state, index }: { state: TimelineStep['state']; index: number }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ring-4 ring-white',
        state === 'completed' && 'bg-emerald-600 text-white',
        state === 'failed' && 'bg-rose-600 text-white',
        state === 'current' && 'bg-accent-600 text-white',
        state === 'upcoming' && 'bg-slate-200 text-slate-600',
      )}
    >
      {state === 'completed' ? (
        <CheckIcon className="size-4" />
      ) : state === 'failed' ? (
        <CloseIcon className="size-4" />
      ) : (
        index + 1
      )}
    </span>
  );
}

/** The link to a step's document: the bill of lading and the inspection report say what they are. */
function StepDocumentLink({ operationId, kind }: { operationId: string; kind: OperationMilestoneKind }) {
  const { t } = useTranslation();
  const label =
    kind === 'departure' || kind === 'inspection'
      ? t(`operationRoom.timeline.documents.${kind}`)
      : t('operationRoom.timeline.documents.other');
  return (
    <a
      href={milestoneDocumentPath(operationId, kind)}
      target="_blank"
      rel="noreferrer"
      className="mt-1 inline-block text-sm font-semibold text-accent-800 underline underline-offset-2 hover:text-accent-900"
    >
      {label}
      <span className="sr-only"> {t('operationRoom.timeline.opensInNewTab')}</span>
    </a>
  );
}

/**
 * The waiting page's timeline (spec §2, then inspection and settlement), an
 * ordered list whose items say their state in words too; a recorded step shows
 * its date, its outcome and a link to its document.
 */
export function OperationRoomTimeline({ room }: { room: OperationRoomResponse }) {
  const { t, i18n } = useTranslation();
  const steps = buildTimeline(room);
  // Reserved tons that are paid and held (the rest of the allocation is still unpaid).
  const paidTons = Math.max(0, room.operation.allocatedTons - room.outstanding.unpaidTons);
  const date = (value: string) => formatDate(value, i18n.language, { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <section
      aria-labelledby="operation-room-timeline"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="operation-room-timeline" className="text-lg font-semibold text-brand-900">
        {t('operationRoom.timeline.title')}
      </h2>
      <ol className="mt-5 space-y-0">
        {steps.map((step, index) => {
          const isLast = index === steps.length - 1;
          let detail: string | null = null;
          if (step.key === 'confirmed' && step.state === 'current')
            detail = t('operationRoom.timeline.awaitingPayment');
          else if (step.key === 'allocation')
            detail = t('operationRoom.timeline.allocationDetail', {
              allocated: room.operation.allocatedTons,
              total: room.operation.totalTons,
            });
          else if (step.key === 'funded' && step.state !== 'upcoming')
            detail = t('operationRoom.timeline.fundedDetail', {
              paid: step.state === 'completed' ? room.operation.totalTons : paidTons,
              total: room.operation.totalTons,
            });
          else if (step.doneAt)
            detail = t(step.state === 'failed' ? 'operationRoom.timeline.failedOn' : 'operationRoom.timeline.doneOn', {
              date: date(step.doneAt),
            });
          else if (step.expectedOn) detail = t('operationRoom.timeline.expected', { date: date(step.expectedOn) });
          return (
            <li
              key={step.key}
              data-testid={`timeline-${step.key}`}
              data-state={step.state}
              aria-current={step.state === 'current' ? 'step' : undefined}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {!isLast && (
                <span
                  aria-hidden="true"
                  className={cx(
                    'absolute top-8 left-4 -ml-px h-[calc(100%-2rem)] w-0.5',
                    step.state === 'completed'
                      ? 'bg-emerald-600'
                      : step.state === 'failed'
                        ? 'bg-rose-600'
                        : 'bg-slate-200',
                  )}
                />
              )}
              <StepMarker state={step.state} index={index} />
              <div className="min-w-0 pt-1">
                <p className="font-semibold text-brand-900">
                  {t(`operationRoom.timeline.${step.key}`)}{' '}
                  <span
                    className={cx(
                      'ml-1 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-semibold',
                      step.state === 'completed' && 'bg-emerald-50 text-emerald-800',
                      step.state === 'failed' && 'bg-rose-50 text-rose-800',
                      step.state === 'current' && 'bg-accent-50 text-accent-800',
                      step.state === 'upcoming' && 'bg-slate-100 text-slate-600',
                    )}
                  >
                    {t(`operationRoom.timeline.status.${step.state}`)}
                  </span>
                </p>
                {detail && <p className="mt-0.5 text-sm text-slate-600">{detail}</p>}
                {step.recordedBy && (
                  <p className="mt-0.5 text-sm text-slate-500">
                    {t('operationRoom.timeline.recordedBy', { company: step.recordedBy })}
                  </p>
                )}
                {step.result && (
                  <p
                    className={cx(
                      'mt-0.5 text-sm font-medium',
                      step.state === 'failed' ? 'text-rose-800' : 'text-slate-800',
                    )}
                  >
                    {t(`operationRoom.timeline.results.${step.result}`, { defaultValue: step.result })}
                  </p>
                )}
                {step.hasDocument && step.key !== 'confirmed' && step.key !== 'allocation' && step.key !== 'funded' && (
                  <StepDocumentLink operationId={room.operation.id} kind={step.key} />
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
