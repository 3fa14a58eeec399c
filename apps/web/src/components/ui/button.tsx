import { type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'accent-on-dark' | 'outline-inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-700 text-white shadow-sm hover:bg-accent-800',
  secondary: 'border border-slate-300 bg-white text-brand-900 shadow-sm hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  'accent-on-dark': 'bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-300',
  'outline-inverse': 'border border-white/40 text-white hover:border-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cx(base, variants[variant], sizes[size], className);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, className: className as string | undefined })} {...props} />;
}
