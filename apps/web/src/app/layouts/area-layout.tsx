import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { cx } from '../../lib/class-names';
import { RequireAdmin, RequireKyc, RequirePartner, RequireSeller } from '../guards';

/** The sidebar links of spec §2 for each signed-in area. */
const AREA_LINKS = {
  buyer: [
    { to: '/buyer/dashboard', key: 'buyerDashboard' },
    { to: '/buyer/operations', key: 'buyerOperations' },
    { to: '/operations', key: 'catalogue' },
    { to: '/buyer/settings', key: 'settings' },
  ],
  seller: [
    { to: '/seller/dashboard', key: 'sellerDashboard' },
    { to: '/seller/offers', key: 'sellerOffers' },
    { to: '/make-offer', key: 'makeOffer' },
    { to: '/seller/settings', key: 'settings' },
  ],
  partner: [
    { to: '/partner/operations', key: 'partnerOperations' },
    { to: '/partner/settings', key: 'settings' },
  ],
  admin: [
    { to: '/admin', key: 'adminDashboard' },
    { to: '/admin/kyc/users', key: 'adminKycUsers' },
    { to: '/admin/offer-reviews', key: 'adminKycOperations' },
    { to: '/admin/payments', key: 'adminPayments' },
    { to: '/admin/operations', key: 'adminOperations' },
    { to: '/admin/compliance', key: 'adminCompliance' },
    { to: '/admin/settings', key: 'adminSettings' },
  ],
} as const;

export type Area = keyof typeof AREA_LINKS;

/**
 * A signed-in area: its sidebar beside the page on a desktop. Below that, its links wrap into rows
 * (two columns on a phone) rather than scroll: every link stays in sight, none is cut off mid-word.
 */
export function AreaLayout({ area }: { area: Area }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col bg-slate-50 lg:flex-row">
      <nav
        aria-label={t(`sidebar.${area}Label`)}
        className="border-b border-slate-200 bg-white lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0"
      >
        <ul
          data-testid="area-links"
          className="grid grid-cols-2 gap-1 px-3 py-2 sm:flex sm:flex-wrap lg:sticky lg:top-20 lg:flex-col lg:flex-nowrap lg:px-3 lg:py-6"
        >
          {AREA_LINKS[area].map((link) => (
            <li key={link.to} className="min-w-0">
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cx(
                    'flex h-full items-center rounded-lg px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-900 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {t(`sidebar.${link.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}

/** Layout routes of the route table: each area's guard, then its sidebar beside the page. */
export function BuyerArea() {
  return (
    <RequireKyc>
      <AreaLayout area="buyer" />
    </RequireKyc>
  );
}

export function SellerArea() {
  return (
    <RequireSeller>
      <AreaLayout area="seller" />
    </RequireSeller>
  );
}

export function AdminArea() {
  return (
    <RequireAdmin>
      <AreaLayout area="admin" />
    </RequireAdmin>
  );
}

export function PartnerArea() {
  return (
    <RequirePartner>
      <AreaLayout area="partner" />
    </RequirePartner>
  );
}
