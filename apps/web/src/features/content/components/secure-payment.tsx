import { useTranslation } from 'react-i18next';
import { Container } from '../../../components/ui/container';
import { ShieldCheckIcon } from '../../../components/ui/icons';

const STEPS = ['deposit', 'verification', 'release'] as const;

/** Escrow in three steps (spec §1): deposit, verification, release. */
export function SecurePayment() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="secure-payment-title" className="on-dark bg-brand-950 py-16 text-white sm:py-20">
      <Container>
        <div className="flex max-w-2xl items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/10 text-accent-300">
            <ShieldCheckIcon className="size-6" />
          </span>
          <div>
            <h2 id="secure-payment-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('securePayment.title')}
            </h2>
            <p className="mt-2 text-brand-100">{t('securePayment.subtitle')}</p>
          </div>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 ring-inset">
              <p className="text-sm font-bold text-accent-300">0{index + 1}</p>
              <h3 className="mt-2 text-lg font-semibold">{t(`securePayment.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-brand-100">{t(`securePayment.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
