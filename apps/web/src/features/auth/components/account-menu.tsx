import { getLandingPath } from '@tradeops/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel } from '../../../components/ui/dropdown-menu';
import { type SessionUser } from '../../../lib/session';
import { useSignOut } from '../api/sign-out';
import { ModePickerDialog } from './mode-picker';

/** Where a user's own settings live. */
export function settingsPathFor(user: SessionUser): string {
  return user.role === 'seller' ? '/seller/settings' : '/buyer/settings';
}

/** The signed-in user's name in the navbar, opening dashboard, settings, mode and sign-out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <DropdownMenu
        trigger={
          <button
            ref={triggerRef}
            type="button"
            className="inline-flex h-9 max-w-48 items-center gap-2 rounded-lg border border-slate-200 px-1.5 text-sm font-medium text-brand-900 hover:bg-slate-50 sm:px-3"
          >
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-100 text-xs font-bold text-accent-800"
            >
              {user.fullName.trim().charAt(0).toUpperCase()}
            </span>
            {/* On a phone the initial stands for the name, which the open menu shows in full. The button's
                name starts with the name it shows (WCAG 2.5.3, label in name): "Carlos Rivas Menú de la cuenta". */}
            <span className="hidden truncate sm:inline" data-testid="account-name">
              {user.fullName}
            </span>{' '}
            <span className="sr-only">{t('auth.menu.account')}</span>
          </button>
        }
      >
        <DropdownMenuLabel className="pt-2 pb-0 text-sm font-semibold text-brand-900 sm:hidden">
          {user.fullName}
        </DropdownMenuLabel>
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to={getLandingPath(user)}>{t('auth.menu.dashboard')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={settingsPathFor(user)}>{t('auth.menu.settings')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setIsPickerOpen(true)}>{t('modes.pickerTitle')}</DropdownMenuItem>
        <DropdownMenuItem
          disabled={signOut.isPending}
          onSelect={() => signOut.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) })}
        >
          {t('auth.menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenu>
      <ModePickerDialog open={isPickerOpen} onClose={() => setIsPickerOpen(false)} returnFocusRef={triggerRef} />
    </>
  );
}
