import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { ShieldCheckIcon } from '../../../components/ui/icons';
import { type SessionUser, useSession } from '../../../lib/session';

/** Where a signed-in user's dashboard is: admins to the back office, sellers and buyers to theirs. */
export function dashboardPath(user: Pick<SessionUser, 'role' | 'isAdmin'>): string {
  if (user.isAdmin) return '/admin';
  if (user.role === 'seller') return '/seller/dashboard';
  if (user.role === 'buyer') return '/buyer/dashboard';
  return '/mode-select';
}

interface LandingHeroProps {
  /** Room under the calls to action for the operation search and filters. */
  children?: ReactNode;
}

export function LandingHero({ children }: LandingHeroProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const points = [t('landing.hero.pointEscrow'), t('landing.hero.pointKyc'), t('landing.hero.pointTracking')];

  return (
    <section
      aria-labelledby="landing-hero-title"
      className="on-dark relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_85%_-10%,rgb(20_184_166/0.28),transparent_60%),radial-gradient(40rem_30rem_at_-10%_110%,rgb(47_85_144/0.55),transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <Container className="grid items-center gap-12 pt-14 pb-24 sm:pt-20 lg:grid-cols-[1.15fr_0.85fr] lg:pt-24 lg:pb-32">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-200 ring-1 ring-white/15 ring-inset">
            <ShieldCheckIcon className="size-4" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="landing-hero-title"
            className="mt-6 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-brand-100">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {user ? (
              <ButtonLink to={dashboardPath(user)} variant="accent-on-dark" size="lg">
                {t('heroCta.dashboard')}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/login" variant="outline-inverse" size="lg">
                  {t('nav.login')}
                </ButtonLink>
                <ButtonLink to="/signup" variant="accent-on-dark" size="lg">
                  {t('nav.signup')}
                </ButtonLink>
              </>
            )}
          </div>
          {children}
          <ul className="mt-10 grid gap-3 text-sm text-brand-100 sm:grid-cols-3">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-accent-300">
                  <path d="M7.6 13.6 4.3 10.3l-1.4 1.4 4.7 4.7 9.5-9.5-1.4-1.4z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </Container>
    </section>
  );
}

/** A pooled shipment: one route, one container, lots taken by several buyers. Decorative. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 440 360" aria-hidden="true" className="hidden w-full max-w-md justify-self-end lg:block">
      <rect x="1" y="1" width="438" height="358" rx="28" className="fill-white/[0.04] stroke-white/10" />
      <path
        d="M70 250 C 140 90, 300 60, 370 110"
        fill="none"
        strokeWidth="2.5"
        strokeDasharray="2 10"
        strokeLinecap="round"
        className="stroke-accent-300"
      />
      <circle cx="70" cy="250" r="16" className="fill-accent-400/20" />
      <circle cx="70" cy="250" r="7" className="fill-accent-300" />
      <circle cx="370" cy="110" r="16" className="fill-white/15" />
      <circle cx="370" cy="110" r="7" className="fill-white" />
      <g transform="translate(196 88)" className="fill-none stroke-white" strokeWidth="2" strokeLinejoin="round">
        <path d="M0 22h44l-6 12H6z" className="fill-brand-800" />
        <path d="M8 22V10h28v12M16 10V2h12v8" />
      </g>
      <g transform="translate(60 292)">
        <rect width="320" height="40" rx="8" className="fill-none stroke-white/25" strokeWidth="2" />
        <rect x="6" y="6" width="56" height="28" rx="4" className="fill-accent-400" />
        <rect x="68" y="6" width="56" height="28" rx="4" className="fill-accent-400/80" />
        <rect x="130" y="6" width="56" height="28" rx="4" className="fill-accent-400/60" />
        <rect x="192" y="6" width="56" height="28" rx="4" className="fill-none stroke-white/30" strokeDasharray="4 4" />
        <rect x="254" y="6" width="60" height="28" rx="4" className="fill-none stroke-white/30" strokeDasharray="4 4" />
      </g>
    </svg>
  );
}
