import { type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export const settingsInput =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm aria-invalid:border-red-500';

export function Saved({ children }: { children: ReactNode }) {
  return <Alert tone="success">{children}</Alert>;
}

export function Problem({ children }: { children: ReactNode }) {
  return <Alert>{children}</Alert>;
}
