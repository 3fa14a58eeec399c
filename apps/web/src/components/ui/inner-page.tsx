import { type ReactNode } from 'react';
import { BackLink } from './back-link';
import { Container } from './container';
import { PageHeader } from './page-header';

/**
 * An inner page on the slate background (back office, account, onboarding): an optional way back,
 * its one h1 with a line of context and actions, then the content. `className` sets the width and
 * spacing of its column (e.g. `max-w-3xl`).
 */
export function InnerPage({
  back,
  title,
  description,
  actions,
  className,
  children,
}: {
  back?: { to: string; label: ReactNode };
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container className={className}>
        {back && <BackLink to={back.to}>{back.label}</BackLink>}
        <PageHeader
          variant="plain"
          title={title}
          description={description}
          actions={actions}
          className={back ? 'mt-3' : undefined}
        />
        {children}
      </Container>
    </div>
  );
}
