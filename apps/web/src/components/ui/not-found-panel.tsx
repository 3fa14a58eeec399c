import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button';
import { PageHeader } from './page-header';

/** An operation (or page) that does not exist, said at once, with the way back to the catalogue. */
export function OperationNotFoundPanel() {
  const { t } = useTranslation();
  return (
    <div data-testid="operation-not-found">
      <p className="text-sm font-semibold text-accent-700">{t('pages.notFoundCode')}</p>
      <PageHeader variant="plain" title={t('wrongLinks.operationNotFound')} className="mt-2" />
      <p className="mt-3 text-slate-600">{t('detail.notFoundText')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/operations">{t('detail.browse')}</ButtonLink>
      </div>
    </div>
  );
}
