import { type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/**
 * One labelled value inside a <dl>: a company's tax id, an operation's price. `truncate` keeps a
 * long value (an e-mail) on one line in a grid cell.
 */
export function Fact({
  label,
  children,
  truncate = false,
  className,
}: {
  label: string;
  children: ReactNode;
  truncate?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('min-w-0', className)}>
      <dt className="text-slate-500">{label}</dt>
      <dd className={cx('font-medium text-slate-900', truncate ? 'truncate' : 'break-words')}>{children}</dd>
    </div>
  );
}
