import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';

/** A titled band of an inner page. */
export function ContentSection({
  id,
  title,
  intro,
  children,
  tone = 'white',
}: {
  id: string;
  title: string;
  intro?: string;
  children?: ReactNode;
  tone?: 'white' | 'muted';
}) {
  return (
    <section
      aria-labelledby={id}
      className={tone === 'muted' ? 'bg-slate-50 py-14 sm:py-16' : 'bg-white py-14 sm:py-16'}
    >
      <Container>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-lg text-pretty text-slate-700">{intro}</p>}
        {children && <div className="mt-8">{children}</div>}
      </Container>
    </section>
  );
}

/** Cards of a title and a line, two or three to a row. */
export function CardGrid({
  items,
  columns = 3,
}: {
  items: { key: string; title: string; text: string }[];
  columns?: 2 | 3;
}) {
  return (
    <ul className={columns === 3 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-6 sm:grid-cols-2'}>
      {items.map((item) => (
        <li key={item.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
          <p className="mt-2 text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps in a column. */
export function StepList({ items }: { items: { key: string; title?: string; text: string }[] }) {
  return (
    <ol className="space-y-4">
      {items.map((item, index) => (
        <li key={item.key} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            {item.title && <h3 className="font-semibold text-brand-900">{item.title}</h3>}
            <p className={item.title ? 'mt-1 text-slate-600' : 'text-slate-700'}>{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The sign-up call to action that closes the content pages. */
export function ContentCta() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="content-cta-title" className="on-dark bg-brand-950 py-14 text-white">
      <Container className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="content-cta-title" className="text-2xl font-bold tracking-tight">
            {t('contentCta.title')}
          </h2>
          <p className="mt-2 text-brand-100">{t('contentCta.text')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/signup" variant="accent-on-dark" size="lg">
            {t('contentCta.signup')}
          </ButtonLink>
          <ButtonLink to="/contact" variant="outline-inverse" size="lg">
            {t('contentCta.contact')}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
