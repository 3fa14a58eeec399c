import * as PopoverPrimitive from '@radix-ui/react-popover';
import { type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/**
 * A panel anchored to its button on Radix (the notification list): it opens
 * on the button, Escape or a click outside closes it and focus goes back to
 * the button; unlike a dialog it does not hide the page.
 */
export function Popover({
  open,
  onOpenChange,
  trigger,
  label,
  align = 'end',
  className,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger: ReactNode;
  /** The panel's accessible name. */
  label?: string;
  align?: 'start' | 'center' | 'end';
  className?: string;
  children: ReactNode;
}) {
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
          className={cx('z-50 rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none', className)}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
