import { type OutboxEmail, type OutboxStatus, isMailKind } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { QueryState } from '../../components/ui/query-state';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { type DataColumn, DataTable } from '../../components/ui/data-table';
import { InnerPage } from '../../components/ui/inner-page';
import { LoadMore } from '../../components/ui/load-more';
import { useOutbox, useResendOutboxMail } from '../../features/auth/api/outbox';
import { formatDate } from '../../lib/format';

const STATUS_TONES: Record<OutboxStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'brand',
  sent: 'success',
  failed: 'danger',
};

/**
 * /admin/outbox: every mail the platform wrote with its delivery state (tries, last error), a
 * resend for failed or sent ones, and the text itself (what admins read when no SMTP is set).
 */
export function AdminOutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const resend = useResendOutboxMail();
  // A mail's human name; a kind this version does not know (an older row) is just "another mail".
  const kindName = (kind: string) => (isMailKind(kind) ? t(`outbox.kinds.${kind}`) : t('outbox.kinds.other'));
  const when = (value: string | null) =>
    value ? formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

  const columns: DataColumn<OutboxEmail>[] = [
    {
      key: 'recipient',
      header: t('outbox.columns.recipient'),
      cell: (mail) => (
        <details>
          <summary className="cursor-pointer">
            <span className="font-medium text-brand-900">{mail.to}</span>
            <span className="block text-slate-600">{mail.subject}</span>
          </summary>
          <pre className="mt-2 max-w-xl overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-800">
            {mail.text}
          </pre>
        </details>
      ),
    },
    { key: 'kind', header: t('outbox.columns.kind'), cell: (mail) => kindName(mail.kind) },
    {
      key: 'status',
      header: t('outbox.columns.status'),
      cell: (mail) => <Badge tone={STATUS_TONES[mail.status]}>{t(`outbox.statuses.${mail.status}`)}</Badge>,
    },
    { key: 'attempts', header: t('outbox.columns.attempts'), isNumeric: true, cell: (mail) => mail.attempts },
    {
      key: 'lastError',
      header: t('outbox.columns.lastError'),
      cell: (mail) => <span className="text-xs break-words text-rose-800">{mail.lastError ?? '—'}</span>,
    },
    { key: 'created', header: t('outbox.columns.created'), cell: (mail) => when(mail.createdAt) },
    { key: 'sent', header: t('outbox.columns.sent'), cell: (mail) => when(mail.sentAt) },
    {
      key: 'actions',
      header: t('outbox.columns.actions'),
      cell: (mail) =>
        mail.status === 'failed' || mail.status === 'sent' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(mail.id)}
            aria-label={`${t('outbox.resend')}: ${mail.to}`}
          >
            {t('outbox.resend')}
          </Button>
        ) : null,
    },
  ];

  return (
    <InnerPage title={t('outbox.title')} description={t('outbox.subtitle')} className="max-w-6xl">
      {outbox.firstPage && !outbox.firstPage.smtpConfigured && (
        <Alert tone="info" className="mt-6">
          {t('outbox.noSmtp')}
        </Alert>
      )}
      {resend.isSuccess && (
        <Alert tone="success" className="mt-6">
          {t('outbox.resent')}
        </Alert>
      )}
      {resend.isError && <Alert className="mt-6">{resend.error.message}</Alert>}
      <div className="mt-8">
        <QueryState query={outbox} isEmpty={(page) => page.items.length === 0} empty={t('outbox.empty')}>
          {(page) => (
            <>
              <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
                <DataTable caption={t('outbox.title')} columns={columns} rows={page.items} rowKey={(mail) => mail.id} />
              </div>
              <LoadMore list={outbox} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
