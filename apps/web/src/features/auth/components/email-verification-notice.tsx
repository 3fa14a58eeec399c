import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useResendVerificationEmail } from '../api/email-verification';
import { Alert } from '../../../components/ui/alert';

/**
 * Why the documents cannot go to review yet: the address is not confirmed.
 * Offers a new link; the session is asked again when the user comes back to
 * the tab (the link may have been opened elsewhere).
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resend = useResendVerificationEmail();

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);

  return (
    <section
      className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-5"
      aria-labelledby="email-verification-title"
      data-testid="email-verification-notice"
    >
      <h2 id="email-verification-title" className="font-semibold text-amber-900">
        {t('auth.verifyEmail.pendingTitle')}
      </h2>
      <p className="mt-1 text-sm text-amber-900">{t('auth.verifyEmail.pendingText', { email })}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? t('auth.verifyEmail.resending') : t('auth.verifyEmail.resend')}
        </Button>
        {resend.isSuccess && (
          <p role="status" className="text-sm text-amber-900">
            {t('auth.verifyEmail.resent')}
          </p>
        )}
        {resend.isError && (
          <Alert>{isApiError(resend.error) ? resend.error.message : t('errors.INTERNAL_ERROR')}</Alert>
        )}
      </div>
    </section>
  );
}
