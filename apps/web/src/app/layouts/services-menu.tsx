import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';

const HOVER_CLOSE_DELAY_MS = 150;

/**
 * The navbar's Services dropdown. Mouse users open it by hovering; keyboard
 * users by reaching the button (Tab), Enter, Space or ArrowDown. Arrow keys move
 * between the entries, Escape closes and returns to the button, and leaving
 * the menu with Tab or a click elsewhere closes it. The entries stay ordinary
 * links, so screen readers list them as navigation.
 */
export function ServicesMenu({ linkClassName }: { linkClassName: (isActive: boolean) => string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const menuId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.pathname);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const closeTimer = useRef<number | undefined>(undefined);
  // A focus that follows a pointer press or our own Escape handling must not reopen the menu.
  const skipFocusOpen = useRef(false);
  const lastPointerType = useRef<string | null>(null);

  // Any navigation closes the menu (adjusting state while rendering, as React recommends over an effect).
  if (openedAt !== location.pathname) {
    setOpenedAt(location.pathname);
    if (isOpen) setIsOpen(false);
  }

  const items = [
    { to: '/services/due-diligence', label: t('nav.dueDiligence') },
    { to: '/services/financing', label: t('nav.financing') },
  ];
  const isSectionActive = location.pathname.startsWith('/services');

  function cancelClose() {
    window.clearTimeout(closeTimer.current);
  }

  function openAndFocus(index: number) {
    cancelClose();
    flushSync(() => setIsOpen(true));
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  }

  function closeAndReturnFocus() {
    setIsOpen(false);
    skipFocusOpen.current = true;
    buttonRef.current?.focus();
  }

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    setIsOpen(true);
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => setIsOpen(false), HOVER_CLOSE_DELAY_MS);
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(-1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    if (current >= 0 && event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(current + 1);
    } else if (current >= 0 && event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(current - 1);
    } else if (current >= 0 && event.key === 'Home') {
      event.preventDefault();
      openAndFocus(0);
    } else if (current >= 0 && event.key === 'End') {
      event.preventDefault();
      openAndFocus(-1);
    }
  }

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.preventDefault();
          closeAndReturnFocus();
        }
      }}
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={menuId}
        className={cx(linkClassName(isSectionActive), 'inline-flex items-center gap-1')}
        onPointerDown={(event) => {
          skipFocusOpen.current = true;
          lastPointerType.current = event.pointerType;
        }}
        onFocus={() => {
          if (!skipFocusOpen.current) setIsOpen(true);
          skipFocusOpen.current = false;
        }}
        onClick={(event) => {
          skipFocusOpen.current = false;
          // detail 0: a click made with Enter or Space, which opens and enters the menu. A mouse has
          // already opened it by hovering, so its click keeps it open; a tap toggles it.
          if (event.detail === 0) openAndFocus(0);
          else if (lastPointerType.current === 'mouse') setIsOpen(true);
          else setIsOpen((open) => !open);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {t('nav.services')}
        <ChevronDownIcon className={cx('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      <div id={menuId} hidden={!isOpen} className="absolute top-full left-0 z-50 pt-2" onKeyDown={onMenuKeyDown}>
        <ul className="w-60 rounded-xl bg-white p-2 shadow-lg ring-1 shadow-brand-900/10 ring-slate-200">
          {items.map((item, index) => (
            <li key={item.to}>
              <Link
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                to={item.to}
                aria-current={location.pathname === item.to ? 'page' : undefined}
                onClick={() => setIsOpen(false)}
                className={cx(
                  'block rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-brand-50 hover:text-brand-900 focus-visible:bg-brand-50',
                  location.pathname === item.to ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
