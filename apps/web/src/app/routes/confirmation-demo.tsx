import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { QueryState } from '../../components/ui/query-state';
import { OperationRoomView, WaitingHeading } from '../../features/operation-room/components/operation-room-view';
import { useFeaturedOperation } from '../../features/operations/api/get-featured-operation';
import { isApiError } from '../../lib/api-client';

function DemoIntro() {
  const { t } = useTranslation();
  return (
    <div className="mb-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900 sm:p-5">
      <p className="font-semibold">{t('operationRoom.demo.title')}</p>
      <p className="mt-1">{t('operationRoom.demo.intro')}</p>
    </div>
  );
}

/**
 * /confirmation-demo: the waiting view of the featured operation (GET
 * /api/operations/featured), live, for a signed-in user who may see its deal
 * room (its buyers — the demo buyer has an order in it —, its seller, admins).
 * Anyone else is told how to get there instead of seeing an error.
 */
export function ConfirmationDemoPage() {
  const { t } = useTranslation();
  const featured = useFeaturedOperation();

  if (featured.data) {
    return (
      <OperationRoomView
        operationId={featured.data.id}
        intro={<DemoIntro />}
        renderRefusal={(error) =>
          isApiError(error) &&
          error.status === 403 && (
            <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              <p>{t('operationRoom.demo.noAccess')}</p>
              <ButtonLink to="/operation/featured" className="mt-4">
                {t('operationRoom.demo.toFeatured')}
              </ButtonLink>
            </div>
          )
        }
      />
    );
  }
  return (
    <div className="flex-1 bg-slate-50 py-8 sm:py-12">
      <Container className="max-w-5xl">
        <WaitingHeading />
        <DemoIntro />
        <QueryState
          query={featured}
          failure={t('operationRoom.loadError')}
          refusal={(error) =>
            isApiError(error) &&
            error.status === 404 && <p className="text-slate-700">{t('operationRoom.demo.noFeatured')}</p>
          }
        >
          {() => null}
        </QueryState>
      </Container>
    </div>
  );
}
