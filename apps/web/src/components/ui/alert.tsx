import { type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-accent-200 bg-accent-50 text-accent-900',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
};

/**
 * A message about what just happened: a refusal, a failure, a confirmation.
 * An error interrupts a screen reader (role="alert"); success and info wait
 * their turn (role="status").
 */
export function Alert({
  tone = 'error',
  className,
  children,
  id,
}: {
  tone?: AlertTone;
  className?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
