import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { useOperationControl } from '../../features/lifecycle/api/lifecycle';
import { OperationControl } from '../../features/lifecycle/components/operation-control';

/** /admin/operations/:id: run one deal from full allocation to settlement. */
export function AdminOperationControlPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const control = useOperationControl(id);
  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container>
        <Link to="/admin/operations" className="text-sm font-semibold text-accent-800 underline underline-offset-2">
          {t('lifecycle.backToList')}
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {control.data?.operation.title ?? t('lifecycle.controlTitle')}
        </h1>
        {control.data && (
          <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p className="text-slate-600">{control.data.operation.sellerCompany}</p>
            <Link
              to={`/admin/operations/${encodeURIComponent(id)}/ledger`}
              className="text-sm font-semibold text-accent-800 underline underline-offset-2"
            >
              {t('lifecycle.viewLedger')}
            </Link>
          </div>
        )}
        <div className="mt-8">
          {control.isError ? (
            <p role="alert" className="text-red-700">
              {control.error.message}
            </p>
          ) : !control.data ? (
            <Skeleton className="h-96 w-full rounded-xl" />
          ) : (
            <OperationControl control={control.data} />
          )}
        </div>
      </Container>
    </div>
  );
}
