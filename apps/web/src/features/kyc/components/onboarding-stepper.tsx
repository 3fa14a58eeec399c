import { ONBOARDING_STEPS } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names';

const STEP_KEYS = ['upload', 'review', 'verification', 'completed'] as const;

/** The 4-step onboarding stepper (spec §4); `current` is 1-based. */
export function OnboardingStepper({ current, isCompleted }: { current: number; isCompleted: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('onboarding.stepOf', { step: current, total: ONBOARDING_STEPS })}>
      <p className="mb-3 text-sm font-medium text-slate-600 sm:hidden">
        {t('onboarding.stepOf', { step: current, total: ONBOARDING_STEPS })} ·{' '}
        {t(`onboarding.steps.${STEP_KEYS[current - 1] ?? 'upload'}`)}
      </p>
      <ol className="flex items-center gap-2">
        {STEP_KEYS.map((key, index) => {
          const step = index + 1;
          const isDone = step < current || (isCompleted && step === current);
          const isCurrent = step === current && !isDone;
          return (
            <li key={key} className="flex flex-1 items-center gap-2" aria-current={isCurrent ? 'step' : undefined}>
              <span
                className={cx(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-2',
                  isDone && 'bg-accent-700 text-white ring-accent-700',
                  isCurrent && 'bg-white text-accent-800 ring-accent-700',
                  !isDone && !isCurrent && 'bg-white text-slate-500 ring-slate-300',
                )}
              >
                {isDone ? '✓' : step}
              </span>
              <span
                className={cx(
                  'hidden text-sm sm:inline',
                  isCurrent ? 'font-semibold text-brand-900' : 'text-slate-600',
                )}
              >
                {t(`onboarding.steps.${key}`)}
              </span>
              {step < ONBOARDING_STEPS && <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
