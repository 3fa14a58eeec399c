import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { useKycReviewUsers } from '../../features/kyc/api/review';
import { ReviewUserCard } from '../../features/kyc/components/review-user-card';

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
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-brand-900">{t('adminKyc.usersTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('adminKyc.usersSubtitle')}</p>
        <div className="mt-8 space-y-6">
          {users.isError ? (
            <p role="alert" className="text-red-700">
              {users.error.message}
            </p>
          ) : !users.data ? (
            <Skeleton className="h-96 w-full rounded-xl" />
          ) : users.data.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
              {t('adminKyc.usersEmpty')}
            </p>
          ) : (
            users.data.data.map((user) => <ReviewUserCard key={user.userId} user={user} />)
          )}
        </div>
      </Container>
    </div>
  );
}
