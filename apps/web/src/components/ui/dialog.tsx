import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import { cx } from '../../lib/class-names';
import { Button, buttonClasses } from './button';

/**
 * A modal dialog on Radix: focus moves in and stays in (Tab cycles inside),
 * Escape and a click outside close it, focus returns to what opened it, and
 * the page behind is hidden from screen readers. Portalled to <body>, so no
 * ancestor (the navbar's backdrop blur) changes what `fixed` is measured from.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  returnFocusRef,
  className,
  children,
}: {
  /** Where focus goes when the dialog closes, when what opened it is gone by then (a menu's item). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The visible close button's text; left out, only Escape and the backdrop close the dialog. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          // Without a description the title alone names the dialog (and Radix does not warn).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // Opened by state rather than a Radix trigger: Radix would not know where focus came from.
            event.preventDefault();
            (returnFocusRef?.current ?? openerRef.current)?.focus();
          }}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="mb-4 flex items-center justify-between gap-4">
            <DialogPrimitive.Title className="text-xl font-bold text-brand-900">{title}</DialogPrimitive.Title>
            {closeLabel && (
              <DialogPrimitive.Close className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
                {closeLabel}
              </DialogPrimitive.Close>
            )}
          </div>
          {description && (
            <DialogPrimitive.Description className="mb-4 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * A question that needs a yes before something hard to undo happens
 * (withdrawing an offer, confirming a payment). The confirm button is the
 * caller's words; cancelling closes and returns focus. `children` go between
 * the question and the buttons (a money action's lines); `isWide` gives them room.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  isPending = false,
  isWide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  isWide?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className={isWide ? 'max-w-2xl' : 'max-w-md'}
    >
      {children}
      <div className={cx('flex flex-wrap justify-end gap-3', children ? 'mt-5' : undefined)}>
        <DialogPrimitive.Close className={buttonClasses({ variant: 'secondary' })}>{cancelLabel}</DialogPrimitive.Close>
        <Button disabled={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
