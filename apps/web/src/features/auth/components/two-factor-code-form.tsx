import { type SessionUser, type SignInDoor, ZVerifyTwoFactorRequest } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useVerifyTwoFactor } from '../api/two-factor';
import { Field, Form, FormRootAlert, setFormError, showServerError, useZodForm } from '../../../components/ui/form';

const ZCodeOnly = ZVerifyTwoFactorRequest.pick({ code: true });

/**
 * The second step of a sign-in for an account with two-factor sign-in: a code
 * from the authenticator app or one of the recovery codes.
 */
export function TwoFactorCodeForm({
  door,
  onSignedIn,
  onRestart,
}: {
  door: SignInDoor;
  onSignedIn: (user: SessionUser) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyTwoFactor();
  const form = useZodForm(ZCodeOnly, { defaultValues: { code: '' } });
  const [isExpired, setIsExpired] = useState(false);

  function onSubmit(body: { code: string }) {
    if (verify.isPending) return;
    verify.mutate(
      { code: body.code, door },
      {
        onSuccess: ({ user }) => (user ? onSignedIn(user) : setFormError(form, t('errors.loginNoUser'))),
        onError: (error) => {
          if (isApiError(error) && error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED' && !error.fields) setIsExpired(true);
          // Our refusals and a lost connection come translated; a server failure gets the generic line.
          const isReadable = isApiError(error) && error.status < 500 && error.code !== 'INVALID_RESPONSE';
          showServerError(form, error, () => (isReadable ? error.message : t('errors.loginFailed')));
        },
      },
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-busy={verify.isPending} hasRootAlert={false}>
      <div>
        <h2 className="text-lg font-semibold text-brand-900">{t('twoFactor.signInTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('twoFactor.signInText')}</p>
      </div>
      <FormRootAlert />
      <Field name="code" label={t('twoFactor.signInCode')}>
        {(control) => (
          <input
            {...control}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            // The step replaced the password form: its one field takes the focus.
            autoFocus
          />
        )}
      </Field>
      {!isExpired && (
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? t('twoFactor.signInSubmitting') : t('twoFactor.signInSubmit')}
        </Button>
      )}
      <Button variant={isExpired ? 'primary' : 'ghost'} className="w-full" onClick={onRestart}>
        {t('twoFactor.signInRestart')}
      </Button>
    </Form>
  );
}
