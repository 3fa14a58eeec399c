import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { useKycReviewUsers } from '../../features/kyc/api/review';
import { ReviewUserCard } from '../../features/kyc/components/review-user-card';
import { InnerPage } from '../../components/ui/inner-page';
import { LoadMore, WaitingTotal } from '../../components/ui/load-more';

/** /admin/kyc/users: companies awaiting review, oldest first. */
export function AdminKycUsersPage() {
  const { t } = useTranslation();
  const users = useKycReviewUsers();
  return (
    <InnerPage
      back={{ to: '/admin/kyc', label: t('adminKyc.backToOverview') }}
      title={t('adminKyc.usersTitle')}
      description={t('adminKyc.usersSubtitle')}
    >
      <div className="mt-8 space-y-6">
        <QueryState
          query={users}
          isEmpty={(page) => page.items.length === 0}
          empty={t('adminKyc.usersEmpty')}
          skeletonClassName="h-96 w-full rounded-xl"
        >
          {(page) => (
            <>
              <WaitingTotal list={page} />
              {page.items.map((user) => (
                <ReviewUserCard key={user.userId} user={user} />
              ))}
              <LoadMore list={users} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}
