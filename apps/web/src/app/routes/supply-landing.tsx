import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { LayersIcon } from '../../components/ui/icons';
import { useSelectMode } from '../../features/auth/api/select-mode';
import { useSession } from '../../lib/session';
import { saveUserMode } from '../../lib/user-mode';

/** Supply (seller) mode is announced, not open yet (spec §2); the one action goes back to source mode. */
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
        <p className="mt-6 max-w-xl text-lg text-pretty text-brand-100">{t('supplyLanding.text')}</p>
        <Button
          variant="accent-on-dark"
          size="lg"
          className="mt-10"
          disabled={selectMode.isPending}
          onClick={() => void switchToSource()}
        >
          {t('supplyLanding.switchToSource')}
        </Button>
      </Container>
    </section>
  );
}
