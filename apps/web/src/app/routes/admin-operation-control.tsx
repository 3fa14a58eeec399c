import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { useOperationControl } from '../../features/lifecycle/api/lifecycle';
import { OperationControl } from '../../features/lifecycle/components/operation-control';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';

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
        <PageHeader
          variant="plain"
          title={control.data?.operation.title ?? t('lifecycle.controlTitle')}
          className="mt-3"
        />
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
            <Alert>{control.error.message}</Alert>
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
