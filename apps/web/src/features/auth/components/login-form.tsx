import {
  type SessionUser,
  type SignInRequest,
  ZSignInRequest,
  getLandingPath,
  isSafeReturnPath,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { type SignInDoor, useSignIn } from '../api/sign-in';
import { Field, Form, setFormError, showServerError, useZodForm } from '../../../components/ui/form';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { RETURN_TO_PARAM } from '../../../lib/login-path';

/** The message a refused sign-in shows (spec §8), per door. */
function signInErrorMessage(error: unknown, door: SignInDoor, t: (key: string) => string): string {
  if (!isApiError(error)) return t('errors.INTERNAL_ERROR');
  if (error.code === 'INVALID_CREDENTIALS')
    return door === 'admin' ? t('errors.adminInvalidCredentials') : t('errors.INVALID_CREDENTIALS');
  if (error.code === 'FORBIDDEN') return t('errors.FORBIDDEN');
  if (error.code === 'ADMIN_PASSWORD_RESET_REQUIRED') return t('errors.ADMIN_PASSWORD_RESET_REQUIRED');
  if (error.code === 'RATE_LIMITED' || error.code === 'NETWORK_ERROR') return error.message;
  if (error.status >= 500 || error.code === 'INVALID_RESPONSE') return t('errors.INTERNAL_ERROR');
  return t('errors.loginFailed');
}

/**
 * E-mail and password sign-in, then the code of an account with two-factor
 * sign-in. After it the user goes back to the page that sent them here
 * (`?redirectTo=`), else where their KYC state and role say.
 */
export function LoginForm({ door = 'user' }: { door?: SignInDoor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn(door);
  const [isCodeStep, setIsCodeStep] = useState(false);
  const form = useZodForm(ZSignInRequest, { defaultValues: { email: '', password: '' } });

  function goOn(user: SessionUser) {
    const returnTo = searchParams.get(RETURN_TO_PARAM);
    void navigate(isSafeReturnPath(returnTo) ? returnTo : getLandingPath(user), { replace: true });
  }

  function onSubmit(body: SignInRequest) {
    if (signIn.isPending) return;
    signIn.mutate(body, {
      onSuccess: ({ user, twoFactorRequired }) => {
        if (twoFactorRequired) return setIsCodeStep(true);
        if (!user) return setFormError(form, t('errors.loginNoUser'));
        goOn(user);
      },
      onError: (error) =>
        showServerError(form, error, () => signInErrorMessage(error, door, t as (key: string) => string)),
    });
  }

  if (isCodeStep) return <TwoFactorCodeForm door={door} onSignedIn={goOn} onRestart={() => setIsCodeStep(false)} />;
  // An address on the admin list whose password is still the sign-up's: the way in is a reset through the mailbox.
  const needsMailboxPassword = isApiError(signIn.error) && signIn.error.code === 'ADMIN_PASSWORD_RESET_REQUIRED';

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-busy={signIn.isPending}>
      <Field name="email" label={t('auth.login.email')}>
        {(control) => <input {...control} type="email" autoComplete="username" inputMode="email" />}
      </Field>
      <Field name="password" label={t('auth.login.password')}>
        {(control) => <input {...control} type="password" autoComplete="current-password" />}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      {door === 'admin' && needsMailboxPassword && (
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-accent-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </p>
      )}
      {door === 'user' && (
        <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
          <Link to="/forgot-password" className="font-medium text-accent-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link to="/signup" className="font-semibold text-accent-700 hover:underline">
              {t('auth.login.signupLink')}
            </Link>
          </p>
        </div>
      )}
    </Form>
  );
}
