import { cx } from '../../lib/class-names';

/** A grey placeholder block that holds the space of content still loading (a span, so it fits inside text). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded-md bg-slate-200', className)} />;
}
