import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ReactNode, useRef } from 'react';
import { cx } from '../../lib/class-names';

/** The keys with which Radix's trigger opens the menu. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/** The items focus can land on, in the DOM order Radix's own roving focus would follow. */
const ENABLED_ITEMS = ':is([role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]):not([data-disabled])';

/**
 * A menu button on Radix: Enter, Space or ArrowDown open it on the first
 * item, the arrow keys (and Home/End, typeahead) move between items, Escape
 * or a choice closes it and gives focus back to the button.
 */
export function DropdownMenu({
  trigger,
  align = 'end',
  className,
  children,
}: {
  /** The button that opens the menu (rendered as is: give it its accessible name). */
  trigger: ReactNode;
  align?: 'start' | 'center' | 'end';
  className?: string;
  children: ReactNode;
}) {
  // Radix opens a menu from the keyboard on its first item by focusing the content and letting its
  // roving focus pick the first item it has registered. On preact/compat the items register in
  // effects that have not run yet at that moment (Preact runs a component's pending effects when it
  // re-renders, not every pending effect first as React does), so focus stayed on the content. Opened
  // from the keyboard and still on the content once Radix is done, the menu moves focus to its first
  // enabled item itself; opened with the pointer, focus stays on the content as Radix intends.
  const openedFromKeyboard = useRef(false);
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        asChild
        onKeyDown={(event) => {
          openedFromKeyboard.current = OPENING_KEYS.includes(event.key);
        }}
        onPointerDown={() => {
          openedFromKeyboard.current = false;
        }}
      >
        {trigger}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          onFocus={(event) => {
            const content = event.currentTarget;
            if (event.target !== content || !openedFromKeyboard.current) return;
            openedFromKeyboard.current = false;
            queueMicrotask(() => {
              if (document.activeElement === content) {
                content.querySelector<HTMLElement>(ENABLED_ITEMS)?.focus({ preventScroll: true });
              }
            });
          }}
          align={align}
          sideOffset={8}
          className={cx('z-50 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg', className)}
        >
          {children}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}

const itemClasses =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none select-none hover:bg-slate-100 data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100';

/** One choice of a DropdownMenu; `asChild` to make a Link the item. */
export function DropdownMenuItem({ className, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item className={cx(itemClasses, className)} {...props} />;
}

/** Text at the top of a menu that is not a choice (the signed-in name and e-mail). */
export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cx('truncate px-3 py-2 text-xs text-slate-500', className)} {...props} />;
}
