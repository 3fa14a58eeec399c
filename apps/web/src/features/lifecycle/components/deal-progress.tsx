import { type InspectionResult, type OperationStatus, progressSteps } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';

const DOT = {
  completed: 'bg-accent-600 border-accent-600',
  failed: 'bg-rose-600 border-rose-600',
  current: 'bg-white border-accent-600 ring-2 ring-accent-200',
  upcoming: 'bg-white border-slate-300',
} as const;

/**
 * A deal's road from offer to settlement, drawn from the shared state table (progressSteps). A failed
 * inspection is not a completed one: its step says so, in red.
 */
export function DealProgress({
  status,
  inspectionResult = null,
}: {
  status: OperationStatus;
  inspectionResult?: InspectionResult | null;
}) {
  const { t } = useTranslation();
  return (
    <ol className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-xs" aria-label={t('lifecycle.progress')}>
      {progressSteps(status).map((step) => {
        const state =
          step.status === 'inspected' && inspectionResult === 'failed' && step.state !== 'upcoming'
            ? 'failed'
            : step.state;
        return (
          <li
            key={step.status}
            data-state={state}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={`flex items-center gap-1.5 ${state === 'upcoming' ? 'text-slate-500' : state === 'failed' ? 'font-semibold text-rose-800' : 'text-slate-900'}`}
          >
            <span aria-hidden className={`inline-block size-2.5 rounded-full border-2 ${DOT[state]}`} />
            {state === 'failed' ? t('operationRoom.timeline.results.failed') : t(`operationStatus.${step.status}`)}
            <span className="sr-only">{` (${t(`lifecycle.progressStates.${state}`)})`}</span>
          </li>
        );
      })}
    </ol>
  );
}
