import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

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
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger asChild>{trigger}</MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
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
