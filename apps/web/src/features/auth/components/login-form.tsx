import { ZSignInRequest, getLandingPath, isSafeReturnPath } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { type SignInDoor, useSignIn } from '../api/sign-in';
import { useFormFields } from '../hooks/use-form-fields';
import { FormAlert, FormField, inputClasses } from './form-field';
import { RETURN_TO_PARAM } from '../../../lib/login-path';

/** The message a refused sign-in shows (spec §8), per door. */
function signInErrorMessage(error: unknown, door: SignInDoor, t: (key: string) => string): string {
  if (!isApiError(error)) return t('errors.INTERNAL_ERROR');
  if (error.code === 'INVALID_CREDENTIALS')
    return door === 'admin' ? t('errors.adminInvalidCredentials') : t('errors.INVALID_CREDENTIALS');
  if (error.code === 'FORBIDDEN') return t('errors.FORBIDDEN');
  if (error.code === 'RATE_LIMITED' || error.code === 'NETWORK_ERROR') return error.message;
  if (error.status >= 500 || error.code === 'INVALID_RESPONSE') return t('errors.INTERNAL_ERROR');
  return t('errors.loginFailed');
}

/**
 * E-mail and password sign-in. After it the user goes back to the page that
 * sent them here (`?redirectTo=`), else where their KYC state and role say.
 */
export function LoginForm({ door = 'user' }: { door?: SignInDoor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn(door);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormFields(ZSignInRequest, { email: '', password: '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (signIn.isPending) return;
    setFormError(null);
    const body = form.validate();
    if (!body) return;
    signIn.mutate(body, {
      onSuccess: ({ user }) => {
        if (!user) return setFormError(t('errors.loginNoUser'));
        const returnTo = searchParams.get(RETURN_TO_PARAM);
        void navigate(isSafeReturnPath(returnTo) ? returnTo : getLandingPath(user), { replace: true });
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        setFormError(signInErrorMessage(error, door, t as (key: string) => string));
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={signIn.isPending}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField label={t('auth.login.email')} error={form.errorOf('email')}>
        {(control) => (
          <input
            {...control}
            {...form.bind('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            className={inputClasses(Boolean(form.errorOf('email')))}
          />
        )}
      </FormField>
      <FormField label={t('auth.login.password')} error={form.errorOf('password')}>
        {(control) => (
          <input
            {...control}
            {...form.bind('password')}
            type="password"
            autoComplete="current-password"
            className={inputClasses(Boolean(form.errorOf('password')))}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
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
    </form>
  );
}
