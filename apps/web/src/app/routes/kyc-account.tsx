import {
  KYC_DOCUMENT_TYPE_LIST,
  type KycStatusResponse,
  getKycStage,
  getLandingPath,
  needsUpload,
} from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { DocumentStatusBadge } from '../../features/kyc/components/document-status-badge';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { useSession } from '../../lib/session';
import { InnerPage } from '../../components/ui/inner-page';
import { formatDate } from '../../lib/format';

type Next = 'upload' | 'fix' | 'submit' | 'wait' | 'approved' | 'rejected';

/** What the company should do now, from where its verification stands. */
export function nextStepOf(data: KycStatusResponse): Next {
  const stage = getKycStage(data);
  if (stage === 'missing') return data.documents.some((d) => d.status === 'rejected') ? 'fix' : 'upload';
  if (stage === 'unsent') return 'submit';
  if (stage === 'in_review') return 'wait';
  return stage;
}

const NEXT_KEYS = {
  upload: 'kyc.account.nextUpload',
  fix: 'kyc.account.nextFix',
  submit: 'kyc.account.nextSubmit',
  wait: 'kyc.account.nextWait',
  approved: 'kyc.account.nextApproved',
  rejected: 'kyc.account.nextRejected',
} as const;

/** /kyc-cuenta: the current status and what to do next. */
export function KycAccountPage() {
  const { t } = useTranslation();
  const status = useKycStatus();
  const { user } = useSession();
  useSyncSessionKycStatus(status.data?.kycStatus);

  return (
    <InnerPage title={t('kyc.account.title')} description={t('kyc.account.subtitle')} className="max-w-3xl">
      <div className="mt-8">
        <QueryState query={status} failure={t('errors.profileLoad')}>
          {(data) => (
            <AccountSummary data={data} landing={user ? getLandingPath({ ...user, kycStatus: data.kycStatus }) : '/'} />
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}

function AccountSummary({ data, landing }: { data: KycStatusResponse; landing: string }) {
  const { t } = useTranslation();
  const next = nextStepOf(data);
  const uploaded = data.documents.filter((d) => !needsUpload(d)).length;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">{t('kyc.account.statusLabel')}</dt>
          <dd className="mt-1 text-lg font-semibold text-brand-900" data-testid="kyc-status">
            {t(`kyc.status.${data.kycStatus}`)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('kyc.account.documentsLabel')}</dt>
          <dd className="mt-1 text-lg font-semibold text-brand-900">
            {t('kyc.account.documentsProgress', { done: uploaded, total: KYC_DOCUMENT_TYPE_LIST.length })}
          </dd>
        </div>
      </dl>
      {data.kycStatus === 'approved' && data.kycExpiresAt && data.kycRenewal && data.kycRenewal !== 'valid' && (
        <RenewalNotice state={data.kycRenewal} expiresAt={data.kycExpiresAt} />
      )}
      {data.kycRejectReason && (
        <p className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {t('kyc.retry.reasonLabel')}: {data.kycRejectReason}
        </p>
      )}
      <p className="mt-5 text-slate-700">{t(NEXT_KEYS[next])}</p>
      <ul className="mt-5 divide-y divide-slate-100 border-y border-slate-100">
        {data.documents.map((document) => (
          <li key={document.documentType} className="flex items-center justify-between gap-3 py-2.5 text-sm">
            <span className="text-slate-800">{t(`kyc.documentTypes.${document.documentType}`)}</span>
            <DocumentStatusBadge status={document.status} />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        {next === 'approved' ? (
          <ButtonLink to={landing}>{t('kyc.account.continueToApp')}</ButtonLink>
        ) : next === 'wait' ? (
          <ButtonLink to="/kyc-cuenta/pendiente">{t('kyc.account.goToPending')}</ButtonLink>
        ) : (
          <ButtonLink to="/onboarding">{t('kyc.account.goToOnboarding')}</ButtonLink>
        )}
      </div>
    </section>
  );
}

/** The KYC renewal: due within 30 days (send the documents again), or lapsed (no new orders or offers until renewed). */
function RenewalNotice({ state, expiresAt }: { state: 'due' | 'expired'; expiresAt: string }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(expiresAt, i18n.language, { dateStyle: 'long' });
  return (
    <div
      role="status"
      className={`mt-4 rounded-lg px-3 py-3 text-sm ${state === 'expired' ? 'bg-rose-50 text-rose-900' : 'bg-amber-50 text-amber-900'}`}
    >
      <p className="font-semibold">{t(state === 'expired' ? 'kyc.renewal.expiredTitle' : 'kyc.renewal.dueTitle')}</p>
      <p className="mt-1">{t(state === 'expired' ? 'kyc.renewal.expiredText' : 'kyc.renewal.dueText', { date })}</p>
      <ButtonLink to="/onboarding" size="sm" className="mt-3">
        {t('kyc.renewal.action')}
      </ButtonLink>
    </div>
  );
}
