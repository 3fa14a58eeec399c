import { useTranslation } from 'react-i18next';
import { useContactMessages } from '../../features/content/api/list-contact-messages';
import { formatDate } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';
import { InnerPage } from '../../components/ui/inner-page';
import { LoadMore } from '../../components/ui/load-more';

/** /admin/messages: what visitors wrote through the contact form. */
export function AdminMessagesPage() {
  const { t, i18n } = useTranslation();
  const messages = useContactMessages();
  return (
    <InnerPage title={t('adminMessages.title')} description={t('adminMessages.subtitle')} className="max-w-4xl">
      <div className="mt-8">
        <QueryState query={messages} isEmpty={(page) => page.items.length === 0} empty={t('adminMessages.empty')}>
          {(page) => (
            <>
              <ul className="space-y-4">
                {page.items.map((row) => (
                  <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                    <p className="font-semibold text-brand-900">{row.subject || t('adminMessages.noSubject')}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {row.name}
                      {row.company ? ` · ${row.company}` : ''} ·{' '}
                      <a className="text-accent-700 underline" href={`mailto:${row.email}`}>
                        {row.email}
                      </a>{' '}
                      · {formatDate(row.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                    </p>
                    <p className="mt-3 whitespace-pre-wrap text-slate-800">{row.message}</p>
                  </li>
                ))}
              </ul>
              <LoadMore list={messages} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
