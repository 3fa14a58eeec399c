import {
  type EnableTwoFactorResponse,
  type SessionUser,
  ZConfirmTwoFactorRequest,
  ZEnableTwoFactorRequest,
} from '@tradeops/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from '../api/two-factor';
import { Field, Form, FormRootAlert, showServerError, useZodForm } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';

type Step =
  | { name: 'idle'; notice?: string }
  | { name: 'password' }
  | { name: 'scan'; setup: EnableTwoFactorResponse }
  | { name: 'recovery'; codes: string[] }
  | { name: 'disable' };

/** The base32 key in groups of four, easier to type into an authenticator app. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Our refusals and a lost connection come translated; a server failure gets the generic line. */
function problemText(error: unknown): string {
  return isApiError(error) && error.status < 500 && error.code !== 'INVALID_RESPONSE'
    ? error.message
    : i18n.t('errors.INTERNAL_ERROR');
}

/**
 * Two-step verification of the signed-in account: turn it on (password, then
 * a QR code or the key for the authenticator app, then its first code, then
 * the recovery codes shown once), or off again with the password. The admin
 * door uses it for the enrolment production requires of admins.
 */
export function TwoFactorSettings({
  user,
  onEnrolled,
  enrolledLabel,
}: {
  user: SessionUser;
  /** Called when the recovery codes have been seen (the admin door then opens the back office). */
  onEnrolled?: () => void;
  /** The button under the recovery codes (default: "I have saved my codes"). */
  enrolledLabel?: string;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'idle' });

  if (step.name === 'password') {
    return (
      <PasswordStep
        onCancel={() => setStep({ name: 'idle' })}
        onStarted={(setup) => setStep({ name: 'scan', setup })}
      />
    );
  }
  if (step.name === 'scan') {
    return (
      <ScanStep
        setup={step.setup}
        onCancel={() => setStep({ name: 'idle' })}
        onConfirmed={() => setStep({ name: 'recovery', codes: step.setup.recoveryCodes })}
      />
    );
  }
  if (step.name === 'recovery') {
    return (
      <div className="space-y-4" data-testid="two-factor-recovery">
        <Alert tone="success">{t('twoFactor.enabledDone')}</Alert>
        <h3 className="font-semibold text-brand-900">{t('twoFactor.recoveryTitle')}</h3>
        <p className="text-sm text-slate-600">{t('twoFactor.recoveryText')}</p>
        <ul
          className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
          data-testid="recovery-codes"
        >
          {step.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button
          onClick={() => {
            setStep({ name: 'idle' });
            onEnrolled?.();
          }}
        >
          {enrolledLabel ?? t('twoFactor.recoveryDone')}
        </Button>
      </div>
    );
  }
  if (step.name === 'disable') {
    return (
      <DisableStep
        onCancel={() => setStep({ name: 'idle' })}
        onDisabled={() => setStep({ name: 'idle', notice: t('twoFactor.disabledDone') })}
      />
    );
  }
  return (
    <div className="space-y-4">
      {step.notice && <Alert tone="success">{step.notice}</Alert>}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span data-testid="two-factor-status">
          <Badge tone={user.twoFactorEnabled ? 'success' : 'neutral'}>
            {user.twoFactorEnabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
          </Badge>
        </span>
        {user.twoFactorEnabled ? t('twoFactor.enabledText') : null}
      </p>
      {user.twoFactorEnabled ? (
        <Button variant="secondary" onClick={() => setStep({ name: 'disable' })}>
          {t('twoFactor.disable')}
        </Button>
      ) : (
        <Button onClick={() => setStep({ name: 'password' })}>{t('twoFactor.start')}</Button>
      )}
    </div>
  );
}

/** A step's submit button (disabled while its request runs) and the way back. */
function StepButtons({
  submitLabel,
  isPending,
  variant,
  onCancel,
}: {
  submitLabel: string;
  isPending: boolean;
  variant?: 'secondary';
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" variant={variant} disabled={isPending}>
        {submitLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('twoFactor.cancel')}
      </Button>
    </div>
  );
}

function PasswordStep({
  onCancel,
  onStarted,
}: {
  onCancel: () => void;
  onStarted: (setup: EnableTwoFactorResponse) => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const form = useZodForm(ZEnableTwoFactorRequest, { defaultValues: { password: '' } });

  function onSubmit(body: { password: string }) {
    if (enable.isPending) return;
    enable.mutate(body, {
      onSuccess: onStarted,
      onError: (failure) => showServerError(form, failure, problemText),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      <Field name="password" label={t('twoFactor.password')} hint={t('twoFactor.passwordHint')}>
        {(control) => <input {...control} type="password" autoComplete="current-password" />}
      </Field>
      <StepButtons submitLabel={t('twoFactor.continue')} isPending={enable.isPending} onCancel={onCancel} />
    </Form>
  );
}

function ScanStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: EnableTwoFactorResponse;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const form = useZodForm(ZConfirmTwoFactorRequest, { defaultValues: { code: '' } });

  function onSubmit(body: { code: string }) {
    if (confirm.isPending) return;
    confirm.mutate(body, {
      onSuccess: onConfirmed,
      onError: (failure) => showServerError(form, failure, problemText),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" hasRootAlert={false}>
      <p className="text-sm text-slate-600">{t('twoFactor.scanText')}</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <QRCodeSVG value={setup.totpUri} size={176} title={t('twoFactor.qrLabel')} role="img" />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">{t('twoFactor.secretLabel')}</p>
          <code
            className="mt-1 block font-mono text-sm break-all text-slate-900 select-all"
            data-testid="two-factor-secret"
            data-secret={setup.secret}
          >
            {groupKey(setup.secret)}
          </code>
        </div>
      </div>
      <FormRootAlert />
      <Field name="code" label={t('twoFactor.codeLabel')}>
        {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" />}
      </Field>
      <StepButtons
        submitLabel={confirm.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
        isPending={confirm.isPending}
        onCancel={onCancel}
      />
    </Form>
  );
}

function DisableStep({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const form = useZodForm(ZEnableTwoFactorRequest, { defaultValues: { password: '' } });

  function onSubmit(body: { password: string }) {
    if (disable.isPending) return;
    disable.mutate(body, {
      onSuccess: onDisabled,
      onError: (failure) => showServerError(form, failure, problemText),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" hasRootAlert={false}>
      <p className="text-sm text-slate-600">{t('twoFactor.disableText')}</p>
      <FormRootAlert />
      <Field name="password" label={t('twoFactor.password')}>
        {(control) => <input {...control} type="password" autoComplete="current-password" />}
      </Field>
      <StepButtons
        submitLabel={t('twoFactor.disableConfirm')}
        isPending={disable.isPending}
        variant="secondary"
        onCancel={onCancel}
      />
    </Form>
  );
}
