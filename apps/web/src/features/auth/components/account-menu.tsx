import { getLandingPath } from '@tradeops/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
  const [isOpen, setIsOpen] = useState(false);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setIsOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100';
  const close = () => setIsOpen(false);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-label={t('auth.menu.account')}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex h-9 max-w-48 items-center gap-2 rounded-lg border border-slate-200 px-1.5 text-sm font-medium text-brand-900 hover:bg-slate-50 sm:px-3"
      >
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-100 text-xs font-bold text-accent-800"
        >
          {user.fullName.trim().charAt(0).toUpperCase()}
        </span>
        {/* On a phone the initial stands for the name, which the open menu shows in full. */}
        <span className="hidden truncate sm:inline" data-testid="account-name">
          {user.fullName}
        </span>
      </button>
      {isOpen && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <p className="truncate px-3 pt-2 text-sm font-semibold text-brand-900 sm:hidden">{user.fullName}</p>
          <p className="truncate px-3 py-2 text-xs text-slate-500">{user.email}</p>
          <Link role="menuitem" to={getLandingPath(user)} className={itemClass} onClick={close}>
            {t('auth.menu.dashboard')}
          </Link>
          <Link role="menuitem" to={settingsPathFor(user)} className={itemClass} onClick={close}>
            {t('auth.menu.settings')}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              setIsPickerOpen(true);
            }}
          >
            {t('modes.pickerTitle')}
          </button>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSettled: () => {
                  close();
                  void navigate('/', { replace: true });
                },
              })
            }
          >
            {t('auth.menu.signOut')}
          </button>
        </div>
      )}
      <ModePickerDialog open={isPickerOpen} onClose={() => setIsPickerOpen(false)} />
    </div>
  );
}
