import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useContactMessages } from '../../features/content/api/list-contact-messages';
import { formatDate } from '../../lib/format';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';

/** /admin/messages: what visitors wrote through the contact form. */
export function AdminMessagesPage() {
  const { t, i18n } = useTranslation();
  const messages = useContactMessages();
  const rows = messages.data?.data ?? [];
  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container className="max-w-4xl">
        <PageHeader variant="plain" title={t('adminMessages.title')} description={t('adminMessages.subtitle')} />
        {messages.isPending && <p className="mt-8 text-slate-500">{t('common.loading')}</p>}
        {messages.isError && (
          <Alert className="mt-8">
            <p>{messages.error.message}</p>
            <Button className="mt-3" variant="secondary" onClick={() => void messages.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        {messages.isSuccess && rows.length === 0 && (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {t('adminMessages.empty')}
          </p>
        )}
        <ul className="mt-8 space-y-4">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="font-semibold text-brand-900">{row.subject || t('adminMessages.noSubject')}</p>
              <p className="mt-1 text-sm text-slate-600">
                {row.name}
                {row.company ? ` · ${row.company}` : ''} ·{' '}
                <a className="text-accent-700 underline" href={`mailto:${row.email}`}>
                  {row.email}
                </a>{' '}
                · {formatDate(row.created_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <p className="mt-3 whitespace-pre-wrap text-slate-800">{row.message}</p>
            </li>
          ))}
        </ul>
      </Container>
    </div>
  );
}
