import { COUNTRY_CODES, type SignUpRequest, ZSignUpRequest } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CompanyTypeOptions } from '../../../components/ui/company-type-options';
import { Field, Form, showServerError, useZodForm } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';

/** An empty optional field is left out of the request rather than sent as "". */
const emptyAsUndefined = { setValueAs: (value: string) => (value === '' ? undefined : value) };

/** Registration (spec §5): the shared schema's checks on blur and on submit; the server checks again. */
export function SignupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useZodForm(ZSignUpRequest, {
    defaultValues: { fullName: '', email: '', password: '', companyName: '', taxId: '' },
  });
  const collator = new Intl.Collator(i18n.language);
  const countries = COUNTRY_CODES.map((code) => ({ code, name: t(`countries.${code}`) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );

  function onSubmit(body: SignUpRequest) {
    if (signUp.isPending) return;
    signUp.mutate(body, {
      onSuccess: () => void navigate('/onboarding', { replace: true }),
      onError: (error) =>
        showServerError(form, error, () => {
          if (isApiError(error) && error.code === 'EMAIL_TAKEN') return t('errors.EMAIL_TAKEN');
          if (isApiError(error) && error.code === 'RATE_LIMITED') return error.message;
          return t('errors.signupGeneric');
        }),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-busy={signUp.isPending}>
      <Field name="fullName" label={t('auth.signup.fullName')}>
        {(control) => <input {...control} autoComplete="name" />}
      </Field>
      <Field name="email" label={t('auth.signup.email')}>
        {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" />}
      </Field>
      <Field name="password" label={t('auth.signup.password')} hint={t('auth.signup.passwordHint')}>
        {(control) => <input {...control} type="password" autoComplete="new-password" />}
      </Field>
      <Field name="companyName" label={t('auth.signup.companyName')}>
        {(control) => <input {...control} autoComplete="organization" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="country" label={t('auth.signup.country')}>
          {(control) => (
            <select {...control}>
              <option value="">{t('auth.signup.countryPlaceholder')}</option>
              {countries.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="companyType" label={t('auth.signup.companyType')}>
          {(control) => (
            <select {...control}>
              <option value="">{t('auth.signup.companyTypePlaceholder')}</option>
              <CompanyTypeOptions />
            </select>
          )}
        </Field>
      </div>
      <Field name="taxId" label={t('auth.signup.taxId')} registerOptions={emptyAsUndefined}>
        {(control) => <input {...control} />}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.signup.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-accent-700 hover:underline">
          {t('auth.signup.loginLink')}
        </Link>
      </p>
    </Form>
  );
}
