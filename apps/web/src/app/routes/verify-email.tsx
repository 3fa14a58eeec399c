import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { useVerifyEmail } from '../../features/auth/api/email-verification';
import { Alert } from '../../components/ui/alert';
import { AuthCard } from '../../features/auth/components/auth-card';
import { isApiError } from '../../lib/api-client';
import { loginPathTo } from '../../lib/login-path';
import { useSession } from '../../lib/session';

/**
 * The page of the e-mailed link: `/verify-email?token=…` confirms the address once, which signs the
 * account out everywhere; the owner signs in again and goes on to the company's verification.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user } = useSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef(false);

  useEffect(() => {
    // Once per page view: React's development double effects would spend the link twice.
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const next = user ? (
    <ButtonLink to="/onboarding">{t('auth.verifyEmail.toOnboarding')}</ButtonLink>
  ) : (
    <ButtonLink to="/login">{t('auth.verifyEmail.toLogin')}</ButtonLink>
  );
  // The link ended every session of the account (docs/security.md): the owner signs in again, then goes on.
  const signInAgain = (
    <>
      <p className="text-sm text-slate-600">{t('auth.verifyEmail.signInAgain')}</p>
      <ButtonLink to={loginPathTo('/onboarding')}>{t('auth.verifyEmail.toLogin')}</ButtonLink>
    </>
  );

  if (!token) {
    return (
      <AuthCard title={t('auth.verifyEmail.title')}>
        <Alert>{t('auth.verifyEmail.missingToken')}</Alert>
      </AuthCard>
    );
  }
  const code = isApiError(verify.error) ? verify.error.code : null;
  return (
    <AuthCard title={t('auth.verifyEmail.title')}>
      {verify.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{t('auth.verifyEmail.done')}</Alert>
          {signInAgain}
        </div>
      ) : code === 'EMAIL_ALREADY_VERIFIED' ? (
        <div className="space-y-4">
          <Alert tone="success">{t('auth.verifyEmail.alreadyDone')}</Alert>
          {next}
        </div>
      ) : verify.isError ? (
        <div className="space-y-4">
          <Alert>{code === 'EMAIL_VERIFICATION_INVALID' ? t('auth.verifyEmail.invalid') : verify.error.message}</Alert>
          {user ? (
            <Link to="/onboarding" className="inline-block text-sm font-semibold text-accent-700 hover:underline">
              {t('auth.verifyEmail.toOnboarding')}
            </Link>
          ) : (
            next
          )}
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('auth.verifyEmail.verifying')}
        </p>
      )}
    </AuthCard>
  );
}
