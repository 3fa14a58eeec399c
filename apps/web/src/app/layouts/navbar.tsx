import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import { withTexts } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useMounted } from '../../lib/use-mounted';

// Signed-in only, and off the landing's initial JavaScript (the live stream, the bell's queries).
// Their texts (the account namespace) come with them.
const NotificationBell = lazy(
  withTexts(['account'], () =>
    import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
  ),
);
// The account menu (Radix) loads only for a signed-in user, out of the landing's initial download.
const AccountMenu = lazy(
  withTexts(['account'], () =>
    import('../../features/auth/components/account-menu').then((m) => ({ default: m.AccountMenu })),
  ),
);
const LiveSession = lazy(() => import('./live-session').then((m) => ({ default: m.LiveSession })));
import { BrandLogo } from '../../components/ui/brand-logo';
import { LanguageSwitch } from './language-switch';
import { ServicesMenu } from './services-menu';

const MOBILE_MENU_ID = 'mobile-menu';

const bellPlaceholder = <span aria-hidden="true" className="size-9" />;
const accountMenuPlaceholder = <span aria-hidden="true" className="h-9 w-9 sm:w-32" />;

interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path, not below it. */
  end?: boolean;
  /** Shown indented under its section in the mobile menu. */
  nested?: boolean;
}

function desktopLinkClass(isActive: boolean): string {
  return cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-900',
  );
}

function mobileLinkClass(isActive: boolean): string {
  return cx(
    'block rounded-lg px-3 py-2.5 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100',
  );
}

interface NavbarProps {
  /** The phone menu's state lives in the layout, which makes the rest of the page inert while it is open. */
  isMenuOpen: boolean;
  onMenuOpenChange: (isOpen: boolean) => void;
}

/** The fixed top bar (spec §2): brand, sections, Services dropdown, sign in/up without a session, language. */
export function Navbar({ isMenuOpen, onMenuOpenChange }: NavbarProps) {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  // The bell and the account menu load in the browser, after the page the server rendered is taken over.
  const isMounted = useMounted();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onMenuOpenChange(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen, onMenuOpenChange]);

  // Services sits between About and Operations (spec §2).
  const leadingLinks: NavItem[] = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/about', label: t('nav.about') },
  ];
  const trailingLinks: NavItem[] = [
    { to: '/operations', label: t('nav.operations') },
    { to: '/blog', label: t('nav.blog') },
    { to: '/contact', label: t('nav.contact') },
  ];
  const serviceLinks: NavItem[] = [
    { to: '/services', label: t('nav.services'), end: true },
    { to: '/services/due-diligence', label: t('nav.dueDiligence'), nested: true },
    { to: '/services/financing', label: t('nav.financing'), nested: true },
  ];
  const closeMenu = () => onMenuOpenChange(false);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md">
          <BrandLogo className="size-8" />
          <span className="text-lg font-bold tracking-tight text-brand-900">{t('common.appName')}</span>
        </Link>

        <nav aria-label={t('nav.mainNavigation')} className="hidden flex-1 justify-center xl:flex">
          <ul className="flex items-center gap-1">
            {leadingLinks.map((link) => (
              <DesktopItem key={link.to} link={link} />
            ))}
            <li>
              <ServicesMenu linkClassName={desktopLinkClass} />
            </li>
            {trailingLinks.map((link) => (
              <DesktopItem key={link.to} link={link} />
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 xl:ml-0">
          <LanguageSwitch />
          {user && (
            <Suspense fallback={bellPlaceholder}>
              {isMounted ? (
                <>
                  <LiveSession userId={user.id} />
                  <NotificationBell key={user.id} />
                </>
              ) : (
                bellPlaceholder
              )}
            </Suspense>
          )}
          {user && (
            <Suspense fallback={accountMenuPlaceholder}>
              {isMounted ? <AccountMenu user={user} /> : accountMenuPlaceholder}
            </Suspense>
          )}
          {!user && !isLoading && (
            <div className="hidden items-center gap-2 sm:flex">
              <ButtonLink to="/login" variant="ghost" size="sm">
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to="/signup" size="sm">
                {t('nav.signup')}
              </ButtonLink>
            </div>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-brand-900 hover:bg-slate-100 xl:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => onMenuOpenChange(!isMenuOpen)}
          >
            {isMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </Container>

      <div
        id={MOBILE_MENU_ID}
        hidden={!isMenuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg xl:hidden"
      >
        <Container className="py-4">
          <nav aria-label={t('nav.mainNavigation')}>
            <ul className="space-y-1">
              {[...leadingLinks, ...serviceLinks, ...trailingLinks].map((link) => (
                <li key={link.to} className={link.nested ? 'pl-4' : undefined}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    onClick={closeMenu}
                    className={({ isActive }) => mobileLinkClass(isActive)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {!user && !isLoading && (
            <div className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-200 pt-4 sm:hidden">
              <ButtonLink to="/login" variant="secondary" onClick={closeMenu}>
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to="/signup" onClick={closeMenu}>
                {t('nav.signup')}
              </ButtonLink>
            </div>
          )}
        </Container>
      </div>
    </header>
  );
}

function DesktopItem({ link }: { link: NavItem }) {
  return (
    <li>
      <NavLink to={link.to} end={link.end} className={({ isActive }) => desktopLinkClass(isActive)}>
        {link.label}
      </NavLink>
    </li>
  );
}
