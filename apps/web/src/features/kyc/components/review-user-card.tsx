import { type KycDocument, type KycReviewUser } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Fact } from '../../../components/ui/fact';
import { formatDate } from '../../../lib/format';
import { documentFileUrl } from '../api/get-kyc-status';
import { useReviewDecision } from '../api/review';
import { DocumentStatusBadge } from './document-status-badge';
import { RejectWithReason } from './reason-form';
import { Alert } from '../../../components/ui/alert';

/** One company in the review queue: its data, the five documents previewed in the page, and the decisions. */
export function ReviewUserCard({ user }: { user: KycReviewUser }) {
  const { t, i18n } = useTranslation();
  const decide = useReviewDecision();
  const canApprove = user.documents.every((d) => d.status === 'verified');
  const facts: [string, string][] = [
    [t('adminKyc.email'), user.email],
    [t('adminKyc.companyType'), user.companyType ? t(`companyTypes.${user.companyType}`) : '—'],
    [t('adminKyc.country'), user.country ? t(`countries.${user.country}`, { defaultValue: user.country }) : '—'],
    [t('adminKyc.taxId'), user.taxId ?? '—'],
    [t('adminKyc.registeredAt'), formatDate(user.registeredAt, i18n.language)],
    [t('adminKyc.waitingSince'), user.waitingSince ? formatDate(user.waitingSince, i18n.language) : '—'],
  ];

  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid={`review-user-${user.email}`}
      aria-labelledby={`user-${user.userId}`}
    >
      <header>
        <h2 id={`user-${user.userId}`} className="text-xl font-semibold text-brand-900">
          {user.companyName}
        </h2>
        <p className="text-sm text-slate-600">{user.fullName}</p>
      </header>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} truncate>
            {value}
          </Fact>
        ))}
      </dl>
      <ScreeningSummary screening={user.screening} />
      <ul className="mt-6 grid gap-4 lg:grid-cols-2">
        {user.documents.map((document) => (
          <ReviewDocument key={document.documentType} document={document} />
        ))}
      </ul>
      <footer className="mt-6 flex flex-wrap items-start gap-3 border-t border-slate-100 pt-4">
        <Button
          disabled={!canApprove || decide.isPending}
          onClick={() => decide.mutate({ kind: 'approveUser', id: user.userId, revision: user.revision })}
        >
          {t('adminKyc.approveUser')}
        </Button>
        <RejectWithReason
          label={t('adminKyc.rejectUser')}
          isPending={decide.isPending}
          onReject={(reason) =>
            decide.mutateAsync({ kind: 'rejectUser', id: user.userId, revision: user.revision, reason })
          }
        />
        {!canApprove && <p className="basis-full text-xs text-slate-500">{t('adminKyc.approveHint')}</p>}
        {decide.isError && decide.variables.kind === 'approveUser' && (
          <Alert className="basis-full">{decide.error.message}</Alert>
        )}
      </footer>
    </article>
  );
}

function ReviewDocument({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  const decide = useReviewDecision();
  const title = t(`kyc.documentTypes.${document.documentType}`);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid={`review-document-${document.documentType}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-brand-900">{title}</h3>
        <DocumentStatusBadge status={document.status} />
      </div>
      {document.id ? (
        <>
          <DocumentPreview
            document={{ ...document, id: document.id }}
            title={t('adminKyc.preview', { document: title })}
          />
          <p className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
            <span className="truncate">{document.fileName}</span>
            <a
              className="font-semibold text-accent-800 underline"
              href={documentFileUrl(document.id, true, document.revision)}
            >
              {t('adminKyc.download')}
            </a>
          </p>
          {document.status === 'rejected' && document.rejectReason && (
            <p className="mt-2 text-xs text-rose-800">
              {t('onboarding.rejectedReason', { reason: document.rejectReason })}
            </p>
          )}
          {document.status === 'uploaded' && document.revision !== null && (
            <div className="mt-3 flex flex-wrap items-start gap-2">
              <Button
                size="sm"
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate({ kind: 'verifyDocument', id: document.id!, revision: document.revision! })
                }
              >
                {t('adminKyc.verify')}
              </Button>
              <RejectWithReason
                label={t('adminKyc.reject')}
                isPending={decide.isPending}
                onReject={(reason) =>
                  decide.mutateAsync({
                    kind: 'rejectDocument',
                    id: document.id!,
                    revision: document.revision!,
                    reason,
                  })
                }
              />
            </div>
          )}
          {/* A rejection's refusal shows in its own form. */}
          {decide.isError && decide.variables.kind === 'verifyDocument' && (
            <Alert className="mt-2">{decide.error.message}</Alert>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t('adminKyc.notUploaded')}</p>
      )}
    </li>
  );
}

/** PDF in a frame, images as images, both from the authorised route (sandboxed, nosniff answers). */
function DocumentPreview({ document, title }: { document: KycDocument & { id: string }; title: string }) {
  // The URL names the revision: a replaced document gets a new address, so the frame loads its new file.
  const src = documentFileUrl(document.id, false, document.revision);
  if (document.mimeType === 'application/pdf') {
    return <iframe title={title} src={src} className="mt-3 h-64 w-full rounded border border-slate-200 bg-slate-50" />;
  }
  return (
    <img
      src={src}
      alt={title}
      className="mt-3 h-64 w-full rounded border border-slate-200 bg-slate-50 object-contain"
    />
  );
}

/** The company's AML screening on its review card: its standing and each case, linked to the case page. */
function ScreeningSummary({ screening }: { screening: KycReviewUser['screening'] }) {
  const { t, i18n } = useTranslation();
  const tone =
    screening.status === 'clear'
      ? 'text-emerald-800'
      : screening.status === 'review'
        ? 'text-amber-800'
        : 'text-rose-800';
  const unresolved = screening.cases.filter((item) => item.status !== 'cleared');
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-brand-900">{t('compliance.review.title')}</p>
      <p className={`mt-1 ${tone}`}>
        {t(
          `compliance.review.${screening.status === 'clear' ? 'clear' : screening.status === 'review' ? 'open' : 'blocked'}`,
        )}
      </p>
      {unresolved.length > 0 && (
        <ul className="mt-2 space-y-1">
          {unresolved.map((item) => (
            <li key={item.id}>
              <Link to={`/admin/compliance/cases/${item.id}`} className="text-brand-900 underline">
                {item.entry.name}
              </Link>{' '}
              <span className="text-slate-600">
                · {item.entry.programs.join(', ')} · {Math.round(item.score * 100)} % ·{' '}
                {t(`compliance.caseStatuses.${item.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {screening.lastScreenedAt && (
        <p className="mt-1 text-xs text-slate-500">
          {t('compliance.review.lastScreened', {
            date: formatDate(screening.lastScreenedAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
      )}
    </div>
  );
}
