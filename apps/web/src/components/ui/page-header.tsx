import { type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Container } from './container';

/**
 * The top of a page: its one h1, a short description and optional actions.
 * `band` is the white strip of the public pages; `plain` sits inside an inner
 * page's own container (dashboards, admin, account).
 */
export function PageHeader({
  title,
  description,
  eyebrow,
  actions,
  variant = 'band',
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: ReactNode;
  actions?: ReactNode;
  variant?: 'band' | 'plain';
  className?: string;
}) {
  if (variant === 'plain') {
    return (
      // On a phone the actions go under the text rather than squeeze it into a narrow column beside them.
      <header className={cx('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
        <div className="min-w-0 sm:flex-1">
          {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
          <h1 className="text-2xl font-bold tracking-tight text-balance text-brand-900 sm:text-3xl">{title}</h1>
          {description && <p className="mt-2 max-w-2xl text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </header>
    );
  }
  return (
    <div className={cx('border-b border-slate-200 bg-white', className)}>
      <Container className="py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-brand-900 sm:text-4xl">{title}</h1>
        {description && <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-600">{description}</p>}
        {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
      </Container>
    </div>
  );
}
