import { OFFER_STEPS } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { LayersIcon } from '../../components/ui/icons';
import { useSelectMode } from '../../features/auth/api/select-mode';
import { useSession } from '../../lib/session';
import { saveUserMode } from '../../lib/user-mode';

const SELLING_STEPS = ['publish', 'review', 'escrow', 'payout', 'fee'] as const;

/**
 * The seller's landing (supply mode): what selling here involves, from the offer to the payout, with
 * the way to publish an offer, the seller's dashboard, and the spec's button back to source mode.
 */
export function SupplyLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const selectMode = useSelectMode();

  async function switchToSource() {
    // A signed-in user's mode is also their role on the server; a failure there still switches this browser.
    if (user) await selectMode.mutateAsync('source').catch(() => undefined);
    saveUserMode('source');
    void navigate('/source-landing');
  }

  return (
    <section className="on-dark relative isolate flex flex-1 items-center overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_50%_-10%,rgb(20_184_166/0.25),transparent_65%)]"
      />
      <Container className="flex flex-col items-center py-24 text-center sm:py-32">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-white/10 text-accent-300 ring-1 ring-white/15">
          <LayersIcon className="size-7" />
        </div>
        <p className="mt-6 text-sm font-semibold tracking-wide text-accent-300 uppercase">{t('pages.supplyLanding')}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('supplyLanding.title')}</h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-100">{t('supplyLanding.text')}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/make-offer" variant="accent-on-dark" size="lg">
            {t('supplyHome.publishOffer')}
          </ButtonLink>
          <ButtonLink to="/seller/dashboard" variant="outline-inverse" size="lg">
            {t('supplyHome.dashboard')}
          </ButtonLink>
        </div>
        <section aria-labelledby="supply-steps-title" className="mt-16 w-full max-w-3xl text-left">
          <h2 id="supply-steps-title" className="text-center text-2xl font-bold">
            {t('supplyHome.stepsTitle')}
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2">
            {SELLING_STEPS.map((step, index) => (
              <li
                key={step}
                className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10"
                data-testid={`supply-step-${step}`}
              >
                <p className="text-sm font-semibold text-accent-300">
                  {t('supplyHome.stepNumber', { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-lg font-semibold">{t(`supplyHome.steps.${step}.title`)}</h3>
                <p className="mt-2 text-brand-100">
                  {t(`supplyHome.steps.${step}.text`, { steps: OFFER_STEPS.length })}
                </p>
              </li>
            ))}
          </ol>
        </section>
        <p className="mt-12 text-brand-100">{t('supplyHome.buyInstead')}</p>
        <Button
          variant="inverse"
          size="lg"
          className="mt-4"
          disabled={selectMode.isPending}
          onClick={() => void switchToSource()}
        >
          {t('supplyLanding.switchToSource')}
        </Button>
      </Container>
    </section>
  );
}
