import { type ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';

/** The card every account page sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <PageHeader variant="plain" title={title} description={subtitle} />
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
