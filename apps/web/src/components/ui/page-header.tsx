import { type ReactNode } from 'react';
import { Container } from './container';

/** The band at the top of an inner page: its one h1, a short description and optional actions. */
export function PageHeader({
  title,
  description,
  eyebrow,
  actions,
}: {
  title: string;
  description?: string;
  eyebrow?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <Container className="py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-brand-900 sm:text-4xl">{title}</h1>
        {description && <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-600">{description}</p>}
        {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
      </Container>
    </div>
  );
}
