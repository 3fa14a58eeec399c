import { type ReactNode } from 'react';
import { Container } from '../../components/ui/container';

/** A page inside a signed-in area: its one h1, a line of context, optional actions, the content. */
export function AreaPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex-1 py-8 sm:py-10">
      <Container className="max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
            {description && <p className="mt-2 max-w-2xl text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
        </div>
        <div className="mt-8">{children}</div>
      </Container>
    </div>
  );
}
