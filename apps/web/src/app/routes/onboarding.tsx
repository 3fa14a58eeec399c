import { type ReactNode } from 'react';
import { KYC_REVIEW_BUSINESS_HOURS, ONBOARDING_STEP, getKycStage } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { EmailVerificationNotice } from '../../features/auth/components/email-verification-notice';
import { useContinueOnboarding, useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { DocumentUploadCard } from '../../features/kyc/components/document-upload-card';
import { OnboardingStepper } from '../../features/kyc/components/onboarding-stepper';
import { RejectionSummary } from '../../features/kyc/components/rejection-summary';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { useSession } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { QueryState } from '../../components/ui/query-state';
import { InnerPage } from '../../components/ui/inner-page';

/** /onboarding: the five documents and the 4-step stepper (after the e-mail address is confirmed). */
export function OnboardingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnverified = user !== null && !user.emailVerified;
  const status = useKycStatus();
  const next = useContinueOnboarding();
  useSyncSessionKycStatus(status.data?.kycStatus);

  const data = status.data;
  const step = data?.onboarding.currentStep ?? 1;
  const isCompleted = data?.onboarding.status === 'completed';
  const stage = data ? getKycStage(data) : null;
  // A rejected company first uploads again (that puts it back to pending), then sends.
  const canSend = stage === 'unsent' && !isUnverified;

  return (
    <InnerPage title={t('onboarding.title')} description={t('onboarding.subtitle')} className="max-w-3xl">
      <div className="mt-8">
        <OnboardingStepper current={step} isCompleted={isCompleted} />
      </div>

      {isUnverified && <EmailVerificationNotice email={user.email} />}

      <QueryState
        query={status}
        failure={t('errors.profileLoad')}
        className="mt-8"
        skeleton={
          <div className="mt-8 space-y-3" role="status" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        }
      >
        {(data) => (
          <>
            <RejectionSummary data={data} />
            {!isCompleted && step === ONBOARDING_STEP.review && (
              <StepNote
                title={t('onboarding.reviewTitle')}
                text={t('onboarding.reviewText', { hours: KYC_REVIEW_BUSINESS_HOURS })}
              />
            )}
            {!isCompleted && step === ONBOARDING_STEP.verification && (
              <StepNote title={t('onboarding.verificationTitle')} text={t('onboarding.verificationText')} />
            )}
            {isCompleted && (
              <StepNote
                title={t('onboarding.completedTitle')}
                text={t('onboarding.completedText')}
                action={<ButtonLink to="/mode-select">{t('onboarding.goToModeSelect')}</ButtonLink>}
              />
            )}
            <ul className="mt-8 grid gap-4">
              {data.documents.map((document) => (
                <DocumentUploadCard
                  key={document.documentType}
                  document={document}
                  isDisabled={isUnverified}
                  isRenewing={
                    data.kycStatus === 'approved' && (data.kycRenewal === 'due' || data.kycRenewal === 'expired')
                  }
                />
              ))}
            </ul>
            {!isCompleted && step === ONBOARDING_STEP.upload && (
              <div className="mt-8 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
                {stage === 'missing' && (
                  <p className="text-sm text-slate-600 sm:mr-auto">{t('onboarding.continueHint')}</p>
                )}
                <Button size="lg" disabled={!canSend || next.isPending} onClick={() => next.mutate()}>
                  {t('onboarding.sendForReview')}
                </Button>
              </div>
            )}
            {next.isError && <Alert className="mt-3">{next.error.message}</Alert>}
          </>
        )}
      </QueryState>
    </InnerPage>
  );
}

function StepNote({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <section className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-5" aria-live="polite">
      <h2 className="font-semibold text-brand-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
      {action && <div className="mt-4">{action}</div>}
    </section>
  );
}
