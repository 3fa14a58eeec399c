import { COMPANY_TYPES, COUNTRY_CODES, ZSignUpRequest } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { useFormFields } from '../hooks/use-form-fields';
import { FormAlert, FormField, inputClasses } from './form-field';

/** Registration (spec §5): the shared schema's checks on blur and on submit; the server checks again. */
export function SignupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormFields(ZSignUpRequest, {
    fullName: '',
    email: '',
    password: '',
    companyName: '',
    country: '',
    companyType: '',
    taxId: '',
  });
  const collator = new Intl.Collator(i18n.language);
  const countries = COUNTRY_CODES.map((code) => ({ code, name: t(`countries.${code}`) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (signUp.isPending) return;
    setFormError(null);
    const body = form.validate();
    if (!body) return;
    signUp.mutate(body, {
      onSuccess: () => void navigate('/onboarding', { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') return setFormError(t('errors.EMAIL_TAKEN'));
        if (isApiError(error) && error.code === 'RATE_LIMITED') return setFormError(error.message);
        if (form.showServerErrors(error)) return;
        setFormError(t('errors.signupGeneric'));
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={signUp.isPending}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField label={t('auth.signup.fullName')} error={form.errorOf('fullName')}>
        {(control) => (
          <input
            {...control}
            {...form.bind('fullName')}
            autoComplete="name"
            className={inputClasses(Boolean(form.errorOf('fullName')))}
          />
        )}
      </FormField>
      <FormField label={t('auth.signup.email')} error={form.errorOf('email')}>
        {(control) => (
          <input
            {...control}
            {...form.bind('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            className={inputClasses(Boolean(form.errorOf('email')))}
          />
        )}
      </FormField>
      <FormField
        label={t('auth.signup.password')}
        error={form.errorOf('password')}
        hint={t('auth.signup.passwordHint')}
      >
        {(control) => (
          <input
            {...control}
            {...form.bind('password')}
            type="password"
            autoComplete="new-password"
            className={inputClasses(Boolean(form.errorOf('password')))}
          />
        )}
      </FormField>
      <FormField label={t('auth.signup.companyName')} error={form.errorOf('companyName')}>
        {(control) => (
          <input
            {...control}
            {...form.bind('companyName')}
            autoComplete="organization"
            className={inputClasses(Boolean(form.errorOf('companyName')))}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('auth.signup.country')} error={form.errorOf('country')}>
          {(control) => (
            <select {...control} {...form.bind('country')} className={inputClasses(Boolean(form.errorOf('country')))}>
              <option value="">{t('auth.signup.countryPlaceholder')}</option>
              {countries.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('auth.signup.companyType')} error={form.errorOf('companyType')}>
          {(control) => (
            <select
              {...control}
              {...form.bind('companyType')}
              className={inputClasses(Boolean(form.errorOf('companyType')))}
            >
              <option value="">{t('auth.signup.companyTypePlaceholder')}</option>
              {COMPANY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`companyTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label={t('auth.signup.taxId')} error={form.errorOf('taxId')}>
        {(control) => (
          <input {...control} {...form.bind('taxId')} className={inputClasses(Boolean(form.errorOf('taxId')))} />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.signup.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-accent-700 hover:underline">
          {t('auth.signup.loginLink')}
        </Link>
      </p>
    </form>
  );
}
