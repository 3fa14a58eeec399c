import { type ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';

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
        <PageHeader variant="plain" title={title} description={description} actions={actions} />
        <div className="mt-8">{children}</div>
      </Container>
    </div>
  );
}
