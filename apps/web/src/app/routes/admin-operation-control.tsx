import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { useOperationControl } from '../../features/lifecycle/api/lifecycle';
import { OperationControl } from '../../features/lifecycle/components/operation-control';
import { InnerPage } from '../../components/ui/inner-page';
import { AdminPartnersPanel } from '../../features/partners/components/admin-partners-panel';
import { TradeDocumentsPanel } from '../../features/partners/components/trade-documents-panel';

/** /admin/operations/:id: run one deal from full allocation to settlement. */
export function AdminOperationControlPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const control = useOperationControl(id);
  return (
    <InnerPage
      back={{ to: '/admin/operations', label: t('lifecycle.backToList') }}
      title={control.data?.operation.title ?? t('lifecycle.controlTitle')}
    >
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
        <QueryState query={control} skeletonClassName="h-96 w-full rounded-xl">
          {(data) => (
            <div className="flex flex-col gap-8">
              <OperationControl control={data} />
              <AdminPartnersPanel operationId={id} />
              <TradeDocumentsPanel operationId={id} />
            </div>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
