import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { QueryState } from '../../components/ui/query-state';
import { useKycReviewUsers } from '../../features/kyc/api/review';
import { ReviewUserCard } from '../../features/kyc/components/review-user-card';
import { PageHeader } from '../../components/ui/page-header';

/** /admin/kyc/users: companies awaiting review, oldest first. */
export function AdminKycUsersPage() {
  const { t } = useTranslation();
  const users = useKycReviewUsers();
  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container>
        <Link to="/admin/kyc" className="text-sm font-semibold text-accent-800 underline underline-offset-2">
          {t('adminKyc.backToOverview')}
        </Link>
        <PageHeader
          variant="plain"
          title={t('adminKyc.usersTitle')}
          description={t('adminKyc.usersSubtitle')}
          className="mt-3"
        />
        <div className="mt-8 space-y-6">
          <QueryState
            query={users}
            isEmpty={(page) => page.data.length === 0}
            empty={t('adminKyc.usersEmpty')}
            skeletonClassName="h-96 w-full rounded-xl"
          >
            {(page) => page.data.map((user) => <ReviewUserCard key={user.userId} user={user} />)}
          </QueryState>
        </div>
      </Container>
    </div>
  );
}
