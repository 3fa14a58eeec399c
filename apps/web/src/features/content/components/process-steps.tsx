import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';

const STEPS = ['register', 'choose', 'pay', 'allocate', 'ship', 'settle'] as const;

/** The stated flow of an operation (spec §1), with "start now" to sign-up. */
export function ProcessSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="process-title" className="bg-slate-50 py-16 sm:py-20">
      <Container>
        <div className="max-w-2xl">
          <h2 id="process-title" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
            {t('process.title')}
          </h2>
          <p className="mt-3 text-slate-600">{t('process.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-900 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-brand-900">{t(`process.steps.${step}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`process.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <ButtonLink to="/signup" size="lg">
            {t('process.start')}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
