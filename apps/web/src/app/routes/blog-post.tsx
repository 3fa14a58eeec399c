import { type LoaderFunctionArgs, useParams } from 'react-router';
import { blogPostQueryOptions } from '../../features/content/api/blog';
import { BlogArticle } from '../../features/content/components/blog-article';
import { ensureQueries, routeData } from '../route-data';

export function blogPostLoader({ params }: LoaderFunctionArgs): Promise<null> {
  return ensureQueries([blogPostQueryOptions(params.slug ?? '', routeData().language)]);
}

export function BlogPostPage() {
  const { slug = '' } = useParams();
  return <BlogArticle key={slug} slug={slug} />;
}
