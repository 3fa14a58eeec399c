import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';

/**
 * The root's errorElement: a render or loader error anywhere lands here. It
 * stands alone (no navbar, no router links) because the thing that broke may be
 * the layout itself; "back to home" is a plain link that reloads the app.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <BrandLogo className="mx-auto size-12" />
        <PageHeader
          variant="plain"
          title={isNotFound ? t('pages.notFound') : t('pages.unexpectedError')}
          className="mt-6"
        />
        <p className="mt-3 text-slate-600">{isNotFound ? t('pages.notFoundText') : t('pages.unexpectedErrorText')}</p>
        {detail && (
          <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-3 text-left text-xs text-slate-700">
            {detail}
          </pre>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {!isNotFound && (
            <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
              {t('common.reload')}
            </button>
          )}
          <a href="/" className={buttonClasses({ variant: isNotFound ? 'primary' : 'secondary' })}>
            {t('common.backToHome')}
          </a>
        </div>
      </div>
    </main>
  );
}
