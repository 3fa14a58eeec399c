import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/class-names';

/** The way back to the page above, over a page's header: "← label". */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={cx('text-sm font-medium text-accent-800 underline-offset-2 hover:underline', className)}>
      ← {children}
    </Link>
  );
}
