import { type ReactNode, useId } from 'react';
import { cx } from '../../../lib/class-names';

export const fieldClasses = (hasError: boolean) =>
  cx(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none',
    hasError ? 'border-red-500' : 'border-slate-300',
  );

interface OfferFieldProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control of the offer form with its hint and its error under it. */
export function OfferField({ label, error, hint, className, children }: OfferFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
