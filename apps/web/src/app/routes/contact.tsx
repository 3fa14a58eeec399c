import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { ContactForm } from '../../features/content/components/contact-form';

export function ContactPage() {
  const { t } = useTranslation();
  const facts = [
    { title: t('contact.officeTitle'), text: t('contact.office') },
    { title: t('contact.emailTitle'), text: t('contact.emailAddress') },
    { title: t('contact.hoursTitle'), text: t('contact.hours') },
  ];
  return (
    <>
      <PageHeader title={t('pages.contact')} description={t('contact.subtitle')} />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.6fr_1fr]">
        <ContactForm />
        <dl className="space-y-6">
          {facts.map((fact) => (
            <div key={fact.title} className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 ring-inset">
              <dt className="text-sm font-bold text-brand-900">{fact.title}</dt>
              <dd className="mt-1 text-slate-700">{fact.text}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </>
  );
}
