import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useOutbox } from '../../features/auth/api/outbox';
import { formatDate } from '../../lib/format';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';

/** /admin/outbox: every mail the platform wrote, so admins can read it when no SMTP server is set. */
export function AdminOutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const mails = outbox.data?.data ?? [];
  const when = (value: string) => formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container className="max-w-4xl">
        <PageHeader variant="plain" title={t('outbox.title')} description={t('outbox.subtitle')} />
        {outbox.isPending && <p className="mt-8 text-slate-500">{t('common.loading')}</p>}
        {outbox.isError && (
          <Alert className="mt-8">
            <p>{outbox.error.message}</p>
            <Button className="mt-3" variant="secondary" onClick={() => void outbox.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        {outbox.isSuccess && mails.length === 0 && (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {t('outbox.empty')}
          </p>
        )}
        <ul className="mt-8 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <details>
                <summary className="cursor-pointer list-none">
                  <p className="font-semibold text-brand-900">{mail.subject}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {t('outbox.to', { to: mail.to })} · {when(mail.createdAt)} ·{' '}
                    {mail.sentAt ? t('outbox.sent', { date: when(mail.sentAt) }) : t('outbox.notSent')}
                  </p>
                </summary>
                <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">
                  {mail.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      </Container>
    </div>
  );
}
