import {
  DEFAULT_DISPUTE_WINDOW_DAYS,
  DEFAULT_ORDER_HOLD_HOURS,
  DEFAULT_PLATFORM_FEE_BPS,
  FUND_RETENTION_DAYS,
  LEGAL_DOCUMENTS,
  type LegalDocumentKey,
  TERMS_VERSION,
  feeBpsToPercent,
} from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { type TranslationKey } from '../../lib/i18n';

/** The sections of each document, in order (their texts are `legal.<document>.sections.<key>` in the catalogs). */
const SECTIONS: Record<LegalDocumentKey, readonly string[]> = {
  terms: ['accounts', 'operations', 'payments', 'fee', 'conduct', 'liability', 'changes'],
  privacy: ['data', 'purpose', 'sharing', 'storage', 'rights'],
  escrow: ['deposit', 'held', 'release', 'refund', 'dispute', 'ledger'],
};

/** /terms, /privacy, /escrow-agreement: the documents an order accepts, at version TERMS_VERSION. */
function LegalPage({ document }: { document: LegalDocumentKey }) {
  const { t, i18n } = useTranslation();
  // The figures the texts quote are the platform's defaults (each an admin setting).
  const figures = {
    fee: new Intl.NumberFormat(i18n.language).format(feeBpsToPercent(DEFAULT_PLATFORM_FEE_BPS)),
    retentionDays: FUND_RETENTION_DAYS,
    holdHours: DEFAULT_ORDER_HOLD_HOURS,
    disputeDays: DEFAULT_DISPUTE_WINDOW_DAYS,
  };
  return (
    <>
      <PageHeader title={t(`legal.${document}.title`)} description={t(`legal.${document}.intro`)} />
      <Container className="max-w-3xl py-10">
        <p className="text-sm text-slate-500" data-testid="legal-version">
          {t('legal.version', { version: TERMS_VERSION })}
        </p>
        <ol className="mt-6 space-y-8">
          {SECTIONS[document].map((section, index) => (
            <li key={section}>
              <h2 className="text-xl font-semibold text-brand-900">
                {index + 1}. {t(`legal.${document}.sections.${section}.title` as TranslationKey)}
              </h2>
              <p className="mt-2 leading-7 text-slate-700">
                {t(`legal.${document}.sections.${section}.body` as TranslationKey, figures)}
              </p>
            </li>
          ))}
        </ol>
        <nav aria-label={t('legal.related')} className="mt-12 border-t border-slate-200 pt-6">
          <h2 className="text-sm font-semibold text-slate-600">{t('legal.related')}</h2>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_DOCUMENTS.filter((other) => other.key !== document).map((other) => (
              <li key={other.key}>
                <Link to={other.path} className="font-medium text-accent-700 underline">
                  {t(`legal.${other.key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}

export function EscrowAgreementPage() {
  return <LegalPage document="escrow" />;
}
