import { cx } from '../../lib/class-names';

interface ProgressBarProps {
  value: number;
  max: number;
  /** Names the bar for assistive technology. */
  label: string;
  /** What a screen reader says instead of the bare number, e.g. "10 of 25 t allocated". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
