import { type BlogListResponse } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useBlogPosts } from '../api/blog';

/** The published articles, from the database. */
export function BlogList() {
  const { t, i18n } = useTranslation();
  const query = useBlogPosts(i18n.language);
  return (
    <QueryState
      query={query}
      failure={t('blog.loadError')}
      isEmpty={(page) => page.data.length === 0}
      empty={t('blog.empty')}
      skeleton={
        <div aria-busy="true" className="grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-96" />
          ))}
        </div>
      }
    >
      {(page) => <BlogCards posts={page.data} />}
    </QueryState>
  );
}

function BlogCards({ posts }: { posts: BlogListResponse['data'] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {posts.map((post) => (
        <li key={post.slug}>
          <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:shadow-md">
            {post.coverImageUrl && (
              <img
                src={post.coverImageUrl}
                alt=""
                width={800}
                height={450}
                loading="lazy"
                decoding="async"
                className="aspect-[16/9] w-full object-cover"
              />
            )}
            <div className="flex flex-1 flex-col p-6">
              <p className="text-xs font-semibold text-slate-500">
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time>
              </p>
              <h2 className="mt-2 text-lg font-semibold text-brand-900">{post.title}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p>
              <Link
                to={`/blog/${post.slug}`}
                className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-700 after:absolute after:inset-0"
              >
                {t('blog.readMore')}
                <span className="sr-only">: {post.title}</span>
                <ArrowRightIcon className="size-4" />
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
